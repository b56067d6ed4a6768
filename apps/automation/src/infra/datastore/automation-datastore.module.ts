import { DynamicModule, Module } from '@nestjs/common';
import { AutomationDatastore } from '../../app/documents/automation-datastore.port';
import { AutomationDatastoreClient } from './automation-datastore.client';

/** Provides the `AutomationDatastore`: the datastore at `datastoreUrl`, sending `token` if given. */
@Module({})
export class AutomationDatastoreModule {
  static forRoot(datastoreUrl: string, token?: string): DynamicModule {
    return {
      module: AutomationDatastoreModule,
      global: true,
      providers: [{ provide: AutomationDatastore, useValue: new AutomationDatastoreClient(datastoreUrl, token) }],
      exports: [AutomationDatastore],
    };
  }
}
