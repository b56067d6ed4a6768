import { Module } from '@nestjs/common';
import { ChangesModule } from '../changes/changes.module';
import { StoreModule } from '../store/store.module';
import { UnitsModule } from '../units/units.module';
import { BlockMetaService } from './block-meta.service';
import { BlockPatchPublisher } from './block-patch.publisher';
import { BlocksConsumer } from './blocks.consumer';
import { BlocksController } from './blocks.controller';
import { BlocksService } from './blocks.service';

/** The block API over REST and MQTT; needs a `ControllerDevice` and the `ControllerConfig` from its importer. */
@Module({
  imports: [UnitsModule, StoreModule, ChangesModule],
  controllers: [BlocksController, BlocksConsumer],
  providers: [BlocksService, BlockPatchPublisher, BlockMetaService],
  exports: [BlocksService, BlockPatchPublisher, ChangesModule],
})
export class BlocksModule {}
