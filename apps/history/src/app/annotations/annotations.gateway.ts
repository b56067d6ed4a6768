import { OnGatewayConnection, OnGatewayDisconnect, WebSocketGateway } from '@nestjs/websockets';
import { ANNOTATIONS_STREAM_PATH } from '@eventcast/live-stream';
import { relayToClient } from '../live/bus-relay';
import { StreamClient } from '../live/websocket-client';
import { StoredAnnotations } from './stored-annotations';

/**
 * The WebSocket `/history/annotations/stream`: every annotation this service stores, once the store
 * has it, as `GET /history/annotations` lists it. The client sends nothing and picks what its graph
 * shows; the API token is checked as on the other streams. Annotations stored while a client was
 * away are not sent again: the page reads them anew when it opens the stream again.
 */
@WebSocketGateway({ path: ANNOTATIONS_STREAM_PATH })
export class AnnotationsGateway implements OnGatewayConnection<StreamClient>, OnGatewayDisconnect<StreamClient> {
  private readonly unsubscribes = new Map<StreamClient, () => void>();

  constructor(private readonly annotations: StoredAnnotations) {}

  handleConnection(socket: StreamClient): void {
    this.unsubscribes.set(socket, relayToClient(socket, this.annotations));
  }

  handleDisconnect(socket: StreamClient): void {
    this.unsubscribes.get(socket)?.();
    this.unsubscribes.delete(socket);
  }
}
