import { OnGatewayConnection, OnGatewayDisconnect, WebSocketGateway } from '@nestjs/websockets';
import { WebSocket } from 'ws';
import { ControllerStates } from './controller-states.service';

/** Where the controller stream is served; gateways do not take the global prefix, so the path is whole. */
export const CONTROLLER_STREAM_PATH = '/history/controllers/stream';

/**
 * The WebSocket `/history/controllers/stream`: on connection the latest state event of every
 * controller, then each state and patch event as the broker delivers it, as JSON text, exactly as
 * published. The client sends nothing; the API token is checked as on the history stream.
 */
@WebSocketGateway({ path: CONTROLLER_STREAM_PATH })
export class ControllerStatesGateway implements OnGatewayConnection<WebSocket>, OnGatewayDisconnect<WebSocket> {
  private readonly unsubscribes = new Map<WebSocket, () => void>();

  constructor(private readonly states: ControllerStates) {}

  handleConnection(socket: WebSocket): void {
    const send = (event: unknown) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(event));
    };
    for (const state of this.states.latest()) send(state);
    this.unsubscribes.set(socket, this.states.listen(send));
  }

  handleDisconnect(socket: WebSocket): void {
    this.unsubscribes.get(socket)?.();
    this.unsubscribes.delete(socket);
  }
}
