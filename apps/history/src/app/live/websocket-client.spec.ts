import { WebSocket } from 'ws';
import { FakeStreamClient } from '../../../test/fakes/fake-stream-client';
import { MAX_UNREAD_BYTES, sendToClient, TRY_AGAIN_LATER } from './websocket-client';

describe(sendToClient.name, () => {
  it('sends the message as JSON to an open client', () => {
    const client = new FakeStreamClient();
    sendToClient(client, { id: 'graph', data: [] });
    expect(client.sent).toEqual([{ id: 'graph', data: [] }]);
  });

  it('closes a client that has not read 8 MiB of what it was sent with 1013, instead of buffering more', () => {
    const client = new FakeStreamClient();
    client.bufferedAmount = MAX_UNREAD_BYTES + 1;
    sendToClient(client, { id: 'graph', data: [] });
    expect(client).toMatchObject({ sent: [], closedWith: TRY_AGAIN_LATER });
  });

  it('sends nothing to a client that is closing', () => {
    const client = new FakeStreamClient();
    client.readyState = WebSocket.CLOSING;
    sendToClient(client, { id: 'graph', data: [] });
    expect(client.sent).toEqual([]);
  });
});
