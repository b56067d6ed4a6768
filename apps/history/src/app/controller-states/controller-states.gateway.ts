import { OnGatewayConnection, OnGatewayDisconnect, WebSocketGateway } from '@nestjs/websockets';
import { CONTROLLER_STREAM_PATH } from '@eventcast/live-stream';
import { relayToClient } from '../live/bus-relay';
import { StreamClient } from '../live/websocket-client';
import { ControllerStates } from './controller-states.service';

/**
 * The WebSocket `/history/controllers/stream`: on connection the latest state event of every
 * controller, then each state and patch event as the broker delivers it, as JSON text, exactly as
 * published. The client sends nothing; the API token is checked as on the history stream. While
 * the service has lost the broker it closes every client (and each new one) with 1013, so that no
 * page shows states it can no longer follow; the pages open the stream again.
 */
@WebSocketGateway({ path: CONTROLLER_STREAM_PATH })
export class ControllerStatesGateway implements OnGatewayConnection<StreamClient>, OnGatewayDisconnect<StreamClient> {
  private readonly unsubscribes = new Map<StreamClient, () => void>();

  constructor(private readonly states: ControllerStates) {}

  handleConnection(socket: StreamClient): void {
    this.unsubscribes.set(socket, relayToClient(socket, this.states, this.states.latest()));
  }

  handleDisconnect(socket: StreamClient): void {
    this.unsubscribes.get(socket)?.();
    this.unsubscribes.delete(socket);
  }
}
