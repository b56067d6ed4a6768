import { WebSocket } from 'ws';
import { MAX_UNREAD_BYTES, sendToClient, StreamClient, TRY_AGAIN_LATER } from './websocket-client';

class FakeClient implements StreamClient {
  readyState: WebSocket['readyState'] = WebSocket.OPEN;
  bufferedAmount = 0;
  readonly sent: string[] = [];
  closedWith?: number;

  send(text: string): void {
    this.sent.push(text);
  }

  close(code?: number): void {
    this.closedWith = code;
    this.readyState = WebSocket.CLOSING;
  }
}

describe(sendToClient.name, () => {
  it('sends the message as JSON to an open client', () => {
    const client = new FakeClient();
    sendToClient(client, { id: 'graph', data: [] });
    expect(client.sent).toEqual(['{"id":"graph","data":[]}']);
  });

  it('closes a client that has not read 8 MiB of what it was sent with 1013, instead of buffering more', () => {
    const client = new FakeClient();
    client.bufferedAmount = MAX_UNREAD_BYTES + 1;
    sendToClient(client, { id: 'graph', data: [] });
    expect(client).toMatchObject({ sent: [], closedWith: TRY_AGAIN_LATER });
  });

  it('sends nothing to a client that is closing', () => {
    const client = new FakeClient();
    client.readyState = WebSocket.CLOSING;
    sendToClient(client, { id: 'graph', data: [] });
    expect(client.sent).toEqual([]);
  });
});
