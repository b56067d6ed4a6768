import { Module } from '@nestjs/common';
import { BlocksModule } from '../blocks/blocks.module';
import { StoreModule } from '../store/store.module';
import { UnitsModule } from '../units/units.module';
import { BackupController } from './backup.controller';
import { BackupService } from './backup.service';

/** `blocks/backup/save` and `blocks/backup/load`. */
@Module({
  imports: [BlocksModule, StoreModule, UnitsModule],
  controllers: [BackupController],
  providers: [BackupService],
})
export class BackupModule {}
