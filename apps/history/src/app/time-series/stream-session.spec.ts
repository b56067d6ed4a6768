import { Logger } from '@nestjs/common';
import { Subject } from 'rxjs';
import { StoreUnavailableError } from '@eventcast/domain';
import { TimeSeriesStore } from '@eventcast/time-series-store';
import { openInMemoryTimeSeriesStore } from '../../../test/fakes/in-memory-time-series-store';
import { HistoryWriter, WrittenBatch } from '../ingest/history-writer.service';
import { KnownFields } from './known-fields.service';
import { StreamMessage, StreamSession } from './stream-session';
import { TimeSeriesService } from './time-series.service';

describe(StreamSession.name, () => {
  let store: TimeSeriesStore;
  let timeseries: TimeSeriesService;
  let session: StreamSession;
  let sent: StreamMessage[];

  beforeEach(async () => {
    store = await openInMemoryTimeSeriesStore();
    const knownFields = new KnownFields(store, { written$: new Subject<WrittenBatch>() } as unknown as HistoryWriter);
    timeseries = new TimeSeriesService(store, knownFields);
    sent = [];
    session = new StreamSession(timeseries, (message) => sent.push(message));
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
      { id: 'bad', error: 'command must be one of the following values: ranges, metrics, stop' },
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
});
