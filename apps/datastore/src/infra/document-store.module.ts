import { join } from 'node:path';
import { DynamicModule, Module } from '@nestjs/common';
import { DocumentStore } from '../app/ports/document-store.port';
import { RedisDocumentStore } from './redis/redis-document-store';
import { SqliteDocumentStore } from './sqlite/sqlite-document-store';

/** Where documents are kept: Redis when `redisUrl` is set, else a SQLite file in `dataDir`. */
export interface DocumentStoreChoice {
  redisUrl?: string;
  dataDir: string;
}

export function openDocumentStore(choice: DocumentStoreChoice): DocumentStore {
  return choice.redisUrl
    ? new RedisDocumentStore(choice.redisUrl)
    : new SqliteDocumentStore(join(choice.dataDir, 'datastore.sqlite'));
}

/** Provides the `DocumentStore` of the configuration to every module. */
@Module({})
export class DocumentStoreModule {
  static forRoot(choice: DocumentStoreChoice): DynamicModule {
    return {
      module: DocumentStoreModule,
      global: true,
      providers: [{ provide: DocumentStore, useFactory: () => openDocumentStore(choice) }],
      exports: [DocumentStore],
    };
  }
}
