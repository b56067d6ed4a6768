import { Module } from '@nestjs/common';
import { BlocksModule } from '../blocks/blocks.module';
import { UnitsModule } from '../units/units.module';
import { BroadcastService } from './broadcast.service';

/** The periodic state and history events of the controller. */
@Module({
  imports: [BlocksModule, UnitsModule],
  providers: [BroadcastService],
  exports: [BroadcastService],
})
export class BroadcastModule {}
