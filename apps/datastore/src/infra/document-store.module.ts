import { join } from 'node:path';
import { DynamicModule, Module } from '@nestjs/common';
import { DocumentStore } from '../app/ports/document-store.port';
import type { RedisDocumentStore } from './redis/redis-document-store';
import type { SqliteDocumentStore } from './sqlite/sqlite-document-store';

/** Where documents are kept: Redis when `redisUrl` is set, under keys starting `redisKeyPrefix`, else a SQLite file in `dataDir`. */
export interface DocumentStoreChoice {
  redisUrl?: string;
  redisKeyPrefix: string;
  dataDir: string;
}

/**
 * Loads only the adapter it opens: the Redis client costs an idle service about 20 MiB and SQLite's
 * native module about 4 MiB (docs/decisions.md, "Footprint").
 */
export function openDocumentStore(choice: DocumentStoreChoice): DocumentStore {
  if (choice.redisUrl) {
    const redis = require('./redis/redis-document-store') as { RedisDocumentStore: typeof RedisDocumentStore };
    return new redis.RedisDocumentStore(choice.redisUrl, choice.redisKeyPrefix);
  }
  const sqlite = require('./sqlite/sqlite-document-store') as { SqliteDocumentStore: typeof SqliteDocumentStore };
  return new sqlite.SqliteDocumentStore(join(choice.dataDir, 'datastore.sqlite'));
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
