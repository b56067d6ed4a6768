import { Module } from '@nestjs/common';
import { SERVICE_HEALTH, ServiceHealth } from '@eventcast/bootstrap';
import { DocumentStore } from '../ports/document-store.port';
import { DatastoreTelemetry } from './datastore-telemetry';
import { DocumentsController } from './documents.controller';
import { DocumentsService } from './documents.service';

/** The documents API over the `DocumentStore` that the app module wires in. */
@Module({
  controllers: [DocumentsController],
  providers: [
    {
      provide: SERVICE_HEALTH,
      useFactory: (store: DocumentStore): ServiceHealth => ({ check: () => store.ping() }),
      inject: [DocumentStore],
    },
    DocumentsService,
    DatastoreTelemetry,
  ],
  exports: [SERVICE_HEALTH],
})
export class DocumentsModule {}
