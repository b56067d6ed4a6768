import { PingController } from '@eventcast/bootstrap';
import { BrokerConnection, MessagingModule } from '@eventcast/messaging';
import { DynamicModule, Module } from '@nestjs/common';
import { ControllerConfig } from '../config/controller.config';

@Module({})
export class AppModule {
  static forRoot(config: ControllerConfig, broker: BrokerConnection): DynamicModule {
    return {
      module: AppModule,
      imports: [MessagingModule.forRoot(broker)],
      controllers: [PingController],
      providers: [{ provide: ControllerConfig, useValue: config }],
      exports: [ControllerConfig],
    };
  }
}
