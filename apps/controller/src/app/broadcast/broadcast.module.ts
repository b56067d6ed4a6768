import { Module } from '@nestjs/common';
import { BlocksModule } from '../blocks/blocks.module';
import { UnitsModule } from '../units/units.module';
import { BroadcastService } from './broadcast.service';
import { ControllerTelemetry } from './controller-telemetry';

/** The periodic state and history events of the controller. */
@Module({
  imports: [BlocksModule, UnitsModule],
  providers: [BroadcastService, ControllerTelemetry],
  exports: [BroadcastService],
})
export class BroadcastModule {}
