import { Module } from '@nestjs/common';
import { AutomationIncidents } from './automation-incidents';

/** The automation service's incident events, for the history stream's `incidents` feed. */
@Module({
  providers: [AutomationIncidents],
  exports: [AutomationIncidents],
})
export class AutomationIncidentsModule {}
