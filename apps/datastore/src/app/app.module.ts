import { DynamicModule, Module } from '@nestjs/common';
import { PingController } from '@eventcast/bootstrap';
import { BrokerConnection, MessagingModule } from '@eventcast/messaging';
import { DatastoreConfig } from '../config/datastore.config';
import { DocumentStoreModule } from '../infra/document-store.module';
import { DocumentsModule } from './documents/documents.module';

@Module({})
export class AppModule {
  static forRoot(config: DatastoreConfig, broker: BrokerConnection): DynamicModule {
    return {
      module: AppModule,
      imports: [MessagingModule.forRoot(broker), DocumentStoreModule.forRoot(config), DocumentsModule],
      controllers: [PingController],
      providers: [{ provide: DatastoreConfig, useValue: config }],
      exports: [DatastoreConfig],
    };
  }
}
