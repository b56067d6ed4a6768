import { Module } from '@nestjs/common';
import { DatastoreChangesGateway } from './datastore-changes.gateway';
import { DatastoreChanges } from './datastore-changes.service';

/** The datastore's change events, relayed to browsers over the WebSocket `/history/documents/stream`. */
@Module({
  providers: [DatastoreChanges, DatastoreChangesGateway],
  exports: [DatastoreChanges],
})
export class DatastoreChangesModule {}
