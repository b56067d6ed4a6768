import { DynamicModule, Module } from '@nestjs/common';
import { Datastore } from '../../app/ports/datastore.port';
import { DatastoreClient } from './datastore.client';

/** Provides the `Datastore` of the service: a `DatastoreClient` for `<datastoreUrl>/history/datastore`, sending `token` if given. */
@Module({})
export class DatastoreClientModule {
  static forRoot(datastoreUrl: string, token?: string): DynamicModule {
    return {
      module: DatastoreClientModule,
      global: true,
      providers: [{ provide: Datastore, useValue: new DatastoreClient(datastoreUrl, token) }],
      exports: [Datastore],
    };
  }
}
