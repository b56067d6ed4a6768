import { Module } from '@nestjs/common';
import { ControllerViewsModule } from '../controller-views/controller-views.module';
import { DocumentsModule } from '../documents/documents.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { BusConsumer } from './bus.consumer';
import { IncidentEvents } from './incident-events';
import { IncidentsController } from './incidents.controller';
import { RuleActions } from './rule-actions';
import { RuleContexts } from './rule-context';
import { RuleEngine } from './rule-engine.service';
import { RulesController } from './rules.controller';
import { RulesTelemetry } from './rules-telemetry';

/** The rules on the live bus, their incidents, and the routes of both. */
@Module({
  imports: [ControllerViewsModule, DocumentsModule, ProfilesModule],
  controllers: [BusConsumer, RulesController, IncidentsController],
  providers: [IncidentEvents, RuleActions, RuleContexts, RuleEngine, RulesTelemetry],
  exports: [RuleEngine],
})
export class RulesModule {}
