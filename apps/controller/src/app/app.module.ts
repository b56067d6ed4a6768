import { DynamicModule, Module } from '@nestjs/common';
import { PingController } from '@eventcast/bootstrap';
import { BrokerConnection, MessagingModule } from '@eventcast/messaging';
import { ControllerConfig } from '../config/controller.config';
import { DatastoreClientModule } from '../infra/datastore/datastore-client.module';
import { DeviceModule } from '../infra/device/device.module';
import { BackupModule } from './backup/backup.module';
import { BlocksModule } from './blocks/blocks.module';
import { BroadcastModule } from './broadcast/broadcast.module';
import { UnitsModule } from './units/units.module';

/** The controller service: the block API on the simulated device, its events, and its datastore documents. */
@Module({})
export class AppModule {
  static forRoot(config: ControllerConfig, broker: BrokerConnection): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        MessagingModule.forRoot(broker),
        DatastoreClientModule.forRoot(config.datastoreUrl, config.datastoreApiToken),
        DeviceModule.forRoot(config),
        UnitsModule,
        BlocksModule,
        BackupModule,
        BroadcastModule,
      ],
      controllers: [PingController],
      providers: [{ provide: ControllerConfig, useValue: config }],
      exports: [ControllerConfig],
    };
  }
}
