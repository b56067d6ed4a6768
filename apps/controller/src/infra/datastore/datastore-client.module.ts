import { DynamicModule, Module } from '@nestjs/common';
import { DatastoreClient } from './datastore.client';

/** Provides the `DatastoreClient` of the service, for `<datastoreUrl>/history/datastore`. */
@Module({})
export class DatastoreClientModule {
  static forRoot(datastoreUrl: string): DynamicModule {
    return {
      module: DatastoreClientModule,
      global: true,
      providers: [{ provide: DatastoreClient, useValue: new DatastoreClient(datastoreUrl) }],
      exports: [DatastoreClient],
    };
  }
}
