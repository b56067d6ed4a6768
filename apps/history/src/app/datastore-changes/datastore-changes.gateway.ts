import { OnGatewayConnection, OnGatewayDisconnect, WebSocketGateway } from '@nestjs/websockets';
import { DOCUMENTS_STREAM_PATH } from '@eventcast/live-stream';
import { relayToClient } from '../live/bus-relay';
import { StreamClient } from '../live/websocket-client';
import { DatastoreChanges } from './datastore-changes.service';

/**
 * The WebSocket `/history/documents/stream`: every datastore change event from the moment the
 * client is connected, as JSON text, as published. The client sends nothing; the API token is
 * checked as on the other streams. While the service has lost the broker it closes every client
 * (and each new one) with 1013, as the controller stream does; the pages open the stream again and
 * read the documents anew.
 */
@WebSocketGateway({ path: DOCUMENTS_STREAM_PATH })
export class DatastoreChangesGateway implements OnGatewayConnection<StreamClient>, OnGatewayDisconnect<StreamClient> {
  private readonly unsubscribes = new Map<StreamClient, () => void>();

  constructor(private readonly changes: DatastoreChanges) {}

  handleConnection(socket: StreamClient): void {
    this.unsubscribes.set(socket, relayToClient(socket, this.changes));
  }

  handleDisconnect(socket: StreamClient): void {
    this.unsubscribes.get(socket)?.();
    this.unsubscribes.delete(socket);
  }
}
