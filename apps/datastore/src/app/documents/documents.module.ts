import { join } from 'node:path';
import { DynamicModule, Module } from '@nestjs/common';
import { SERVICE_HEALTH, ServiceHealth } from '@eventcast/bootstrap';
import { DocumentStore } from '../ports/document-store.port';
import { RedisDocumentStore } from '../../infra/redis/redis-document-store';
import { SqliteDocumentStore } from '../../infra/sqlite/sqlite-document-store';
import { DatastoreTelemetry } from './datastore-telemetry';
import { DocumentsController } from './documents.controller';
import { DocumentsService } from './documents.service';

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

@Module({})
export class DocumentsModule {
  static forRoot(choice: DocumentStoreChoice): DynamicModule {
    return {
      module: DocumentsModule,
      controllers: [DocumentsController],
      providers: [
        { provide: DocumentStore, useFactory: () => openDocumentStore(choice) },
        {
          provide: SERVICE_HEALTH,
          useFactory: (store: DocumentStore): ServiceHealth => ({ check: () => store.ping() }),
          inject: [DocumentStore],
        },
        DocumentsService,
        DatastoreTelemetry,
      ],
      exports: [SERVICE_HEALTH],
    };
  }
}
