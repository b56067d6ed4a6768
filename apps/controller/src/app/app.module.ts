import { PingController } from '@eventcast/bootstrap';
import { BrokerConnection, MessagingModule } from '@eventcast/messaging';
import { DynamicModule, Module } from '@nestjs/common';
import { ControllerConfig } from '../config/controller.config';
import { DatastoreClientModule } from '../infra/datastore/datastore-client.module';
import { UnitsModule } from './units/units.module';

@Module({})
export class AppModule {
  static forRoot(config: ControllerConfig, broker: BrokerConnection): DynamicModule {
    return {
      module: AppModule,
      imports: [MessagingModule.forRoot(broker), DatastoreClientModule.forRoot(config.datastoreUrl), UnitsModule],
      controllers: [PingController],
      providers: [{ provide: ControllerConfig, useValue: config }],
      exports: [ControllerConfig],
    };
  }
}
