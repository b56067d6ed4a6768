import { Logger } from '@nestjs/common';
import { Subject } from 'rxjs';
import type { HistoryFrame } from '@eventcast/live-stream';
import { StoreUnavailableError, type StateEvent } from '@eventcast/domain';
import { MICROS_PER_MS, nowMicros, TimeSeriesStore } from '@eventcast/time-series-store';
import { openInMemoryTimeSeriesStore } from '../../../test/fakes/in-memory-time-series-store';
import { ControllerStates } from '../controller-states/controller-states.service';
import { DatastoreChanges } from '../datastore-changes/datastore-changes.service';
import { HistoryWriter, WrittenBatch } from '../ingest/history-writer.service';
import { KnownFields } from './known-fields.service';
import { LiveRanges } from './live-ranges';
import { StreamSession } from './stream-session';
import { TimeSeriesService } from './time-series.service';

describe(StreamSession.name, () => {
  let store: TimeSeriesStore;
  let timeseries: TimeSeriesService;
  let session: StreamSession;
  let liveRanges: LiveRanges;
  let sent: HistoryFrame[];

  beforeEach(async () => {
    store = await openInMemoryTimeSeriesStore();
    const knownFields = new KnownFields(store, { written$: new Subject<WrittenBatch>() } as unknown as HistoryWriter);
    timeseries = new TimeSeriesService(store, knownFields);
    sent = [];
    liveRanges = new LiveRanges(timeseries);
    session = new StreamSession(timeseries, liveRanges, (message) => sent.push(message));
  });

  afterEach(async () => {
    session.close();
    await store.close();
    jest.restoreAllMocks();
  });

  const until = async (count: number) => {
    while (sent.length < count) await new Promise((done) => setTimeout(done, 5));
  };

  it('answers a message that is not a valid command with an error frame, its id when it had one, and goes on', async () => {
    session.receive('not json');
    session.receive(JSON.stringify({ id: 'bad', command: 'explode' }));
    session.receive(JSON.stringify({ id: 7, command: 'metrics' }));
    session.receive(JSON.stringify({ id: 'empty', command: 'metrics' }));
    session.receive(JSON.stringify({ id: 'good', command: 'metrics', query: { fields: ['x'] } }));
    await until(5);
    expect(sent).toEqual([
      { error: 'the message is not JSON' },
      { id: 'bad', error: 'command must be one of the following values: ranges, metrics, follow, stop' },
      { error: 'id must be a string' },
      { id: 'empty', error: 'query.fields must be an array' },
      { id: 'good', data: [] },
    ]);
  });

  it('answers a query that fails with an error frame naming it: the reason, or internal error for a bug', async () => {
    jest
      .spyOn(timeseries, 'metrics')
      .mockRejectedValueOnce(new StoreUnavailableError('the time-series store could not answer: closed'))
      .mockRejectedValueOnce(new TypeError('x is undefined'));
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation();
    session.receive(JSON.stringify({ id: 'gauge', command: 'metrics', query: { fields: ['x'] } }));
    session.receive(JSON.stringify({ id: 'other', command: 'metrics', query: { fields: ['x'] } }));
    await until(2);
    expect(sent).toEqual([
      { id: 'gauge', error: 'the time-series store could not answer: closed' },
      { id: 'other', error: 'internal error' },
    ]);
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it('answers a ranges query that runs to now, then sends the buckets each later write touched, until stopped', async () => {
    const second = 1_000_000;
    const before = nowMicros() - 5 * second;
    await store.write([{ ts: before, values: new Map([['fridge/temp', 4]]) }]);
    session.receive(
      JSON.stringify({
        id: 'graph',
        command: 'ranges',
        query: { fields: ['fridge/temp'], duration: '1m', points: 100 },
      }),
    );
    await until(1);
    const later = { ts: nowMicros(), values: new Map([['fridge/temp', 5]]) };
    await store.write([later]);
    await liveRanges.written([later]);
    const bucket = (ts: number) => Math.floor(ts / second) * (second / MICROS_PER_MS);
    session.receive(JSON.stringify({ id: 'graph', command: 'stop' }));
    await liveRanges.written([later]);
    expect(sent).toEqual([
      { id: 'graph', data: [{ field: 'fridge/temp', values: [[bucket(before), 4]], resolution: 'raw' }] },
      { id: 'graph', data: [{ field: 'fridge/temp', values: [[bucket(later.ts), 5]], resolution: 'raw' }] },
    ]);
  });

  describe('feeds', () => {
    const state = (key: string): StateEvent => ({
      key,
      type: 'Controller.state',
      data: {
        status: { connected: true, deviceId: 'ABC', version: 'simulated-1', temperatureUnit: 'degC' },
        blocks: [],
        relations: [],
      },
    });
    let states: ControllerStates;
    let documents: DatastoreChanges;
    let lost: number;

    beforeEach(() => {
      states = new ControllerStates();
      states.followed();
      documents = new DatastoreChanges();
      documents.followed();
      lost = 0;
      session.close();
      session = new StreamSession(
        timeseries,
        liveRanges,
        (message) => sent.push(message),
        {
          controllers: { relay: states, first: () => states.latest() },
          documents: { relay: documents },
          annotations: { relay: documents },
          incidents: { relay: documents },
        },
        () => (lost += 1),
      );
    });

    it("follows the controllers under the follow's id: the latest states first, then each event, until stopped", () => {
      states.receive('eventcast/state/cellar', JSON.stringify(state('cellar')));
      session.receive(JSON.stringify({ id: 'c', command: 'follow', feed: 'controllers' }));
      states.receive('eventcast/state/kitchen', JSON.stringify(state('kitchen')));
      session.receive(JSON.stringify({ id: 'c', command: 'stop' }));
      states.receive('eventcast/state/attic', JSON.stringify(state('attic')));

      expect(sent).toEqual([
        { id: 'c', following: true },
        { id: 'c', data: state('cellar') },
        { id: 'c', data: state('kitchen') },
      ]);
    });

    it('keeps two feeds apart by their ids, and a query beside them', async () => {
      session.receive(JSON.stringify({ id: 'c', command: 'follow', feed: 'controllers' }));
      session.receive(JSON.stringify({ id: 'd', command: 'follow', feed: 'documents' }));
      session.receive(JSON.stringify({ id: 'm', command: 'metrics', query: { fields: ['x'] } }));
      const change = { changed: [{ namespace: 'svc-ui-store', id: 'view', cols: 1 }] };
      documents.receive('eventcast/datastore/svc-ui-store', JSON.stringify(change));
      states.receive('eventcast/state/cellar', JSON.stringify(state('cellar')));
      await until(5);

      expect(sent).toEqual(
        expect.arrayContaining([
          { id: 'c', following: true },
          { id: 'd', following: true },
          { id: 'd', data: change },
          { id: 'c', data: state('cellar') },
          { id: 'm', data: [] },
        ]),
      );
      expect(sent).toHaveLength(5);
    });

    it('says the broker is lost when a feed is followed while the service has lost it, and when it loses it later', () => {
      states.lost();
      session.receive(JSON.stringify({ id: 'c', command: 'follow', feed: 'controllers' }));
      expect(lost).toBe(1);
      session.receive(JSON.stringify({ id: 'd', command: 'follow', feed: 'documents' }));
      documents.lost();
      expect(lost).toBe(2);
      expect(sent).toEqual([{ id: 'd', following: true }]);
    });

    it('refuses a follow of no feed or of a feed it does not have, naming the feeds', () => {
      session.receive(JSON.stringify({ id: 'x', command: 'follow' }));
      session.receive(JSON.stringify({ id: 'y', command: 'follow', feed: 'weather' }));
      const problem = 'feed must be one of the following values: controllers, documents, annotations, incidents';
      expect(sent).toEqual([
        { id: 'x', error: problem },
        { id: 'y', error: problem },
      ]);
    });
  });
});
