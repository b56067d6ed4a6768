import { FakeStreamClient } from '../../../test/fakes/fake-stream-client';
import { MAX_UNREAD_BYTES, TRY_AGAIN_LATER } from '../live/websocket-client';
import { DatastoreChangesGateway } from './datastore-changes.gateway';
import { DatastoreChanges } from './datastore-changes.service';

const changedIn = (namespace: string, id: string) => ({ changed: [{ namespace, id, cols: 3 }] });

/** Change events followed on the broker, as the feed leaves them once subscribed. */
function followedChanges(): DatastoreChanges {
  const changes = new DatastoreChanges();
  changes.followed();
  return changes;
}

describe(DatastoreChangesGateway.name, () => {
  it('sends each client every change event from its connection on, deletions included', () => {
    const changes = followedChanges();
    changes.receive('eventcast/datastore/svc-ui-store', JSON.stringify(changedIn('svc-ui-store', 'before')));
    const gateway = new DatastoreChangesGateway(changes);
    const client = new FakeStreamClient();
    gateway.handleConnection(client);
    changes.receive('eventcast/datastore/svc-ui-store', JSON.stringify(changedIn('svc-ui-store:dashboards', 'main')));
    changes.receive('eventcast/datastore', '{"deleted": ["units"]}');

    expect(client.sent).toEqual([changedIn('svc-ui-store:dashboards', 'main'), { deleted: ['units'] }]);
  });

  it('passes over payloads that are not change events and topics outside the datastore', () => {
    const changes = followedChanges();
    const gateway = new DatastoreChangesGateway(changes);
    const client = new FakeStreamClient();
    gateway.handleConnection(client);
    changes.receive('eventcast/datastore/a', 'not json');
    changes.receive('eventcast/datastore/a', '{"changed": [{"namespace": "a", "id": "a b"}]}');
    changes.receive('eventcast/datastorex', JSON.stringify(changedIn('a', 'b')));
    changes.receive('eventcast/state/a', JSON.stringify(changedIn('a', 'b')));

    expect(client.sent).toEqual([]);
  });

  it('sends a client nothing more once it went', () => {
    const changes = followedChanges();
    const gateway = new DatastoreChangesGateway(changes);
    const client = new FakeStreamClient();
    gateway.handleConnection(client);
    gateway.handleDisconnect(client);
    changes.receive('eventcast/datastore/a', JSON.stringify(changedIn('a', 'b')));

    expect(client.sent).toEqual([]);
  });

  it('closes a client that fell behind instead of buffering for it', () => {
    const changes = followedChanges();
    const gateway = new DatastoreChangesGateway(changes);
    const slow = new FakeStreamClient();
    const quick = new FakeStreamClient();
    gateway.handleConnection(slow);
    gateway.handleConnection(quick);
    slow.bufferedAmount = MAX_UNREAD_BYTES + 1;
    changes.receive('eventcast/datastore/a', JSON.stringify(changedIn('a', 'b')));

    expect(slow).toMatchObject({ sent: [], closedWith: TRY_AGAIN_LATER });
    expect(quick.sent).toEqual([changedIn('a', 'b')]);
  });

  it('closes its clients when the broker is lost, and each new one until it is back', () => {
    const changes = followedChanges();
    const gateway = new DatastoreChangesGateway(changes);
    const client = new FakeStreamClient();
    gateway.handleConnection(client);
    changes.lost();
    const meanwhile = new FakeStreamClient();
    gateway.handleConnection(meanwhile);

    expect(client.closedWith).toBe(TRY_AGAIN_LATER);
    expect(meanwhile.closedWith).toBe(TRY_AGAIN_LATER);
    changes.followed();
    const after = new FakeStreamClient();
    gateway.handleConnection(after);
    changes.receive('eventcast/datastore/a', JSON.stringify(changedIn('a', 'b')));
    expect(after).toMatchObject({ sent: [changedIn('a', 'b')], closedWith: undefined });
  });
});
