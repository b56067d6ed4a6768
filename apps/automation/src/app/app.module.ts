import { DynamicModule, Module } from '@nestjs/common';
import { PingController } from '@eventcast/bootstrap';
import { BrokerConnection, MessagingModule } from '@eventcast/messaging';
import { AutomationConfig } from '../config/automation.config';
import { AutomationStoreModule } from '../infra/automation-store.module';
import { AutomationDatastoreModule } from '../infra/datastore/automation-datastore.module';
import { DocumentsModule } from './documents/documents.module';
import { NotificationsModule } from './notifications/notifications.module';
import { ProfilesModule } from './profiles/profiles.module';
import { RulesModule } from './rules/rules.module';

/** The automation service: its configuration is global, so every module of it can read it. */
@Module({})
export class AppModule {
  static forRoot(config: AutomationConfig, broker: BrokerConnection): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        MessagingModule.forRoot(broker),
        AutomationDatastoreModule.forRoot(config.datastoreUrl, config.datastoreApiToken),
        AutomationStoreModule.forRoot(config),
        DocumentsModule,
        NotificationsModule.forRoot(),
        ProfilesModule,
        RulesModule,
      ],
      controllers: [PingController],
      providers: [{ provide: AutomationConfig, useValue: config }],
      exports: [AutomationConfig],
    };
  }
}
