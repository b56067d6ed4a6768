import { Logger } from '@nestjs/common';
import { TimedValues } from '@eventcast/time-series-store';
import { HistoryIngestService } from './history-ingest.service';
import { HistoryWriter } from './history-writer.service';

describe(HistoryIngestService.name, () => {
  let added: TimedValues[];
  let ingest: HistoryIngestService;
  let warnings: jest.SpyInstance;

  beforeEach(() => {
    added = [];
    ingest = new HistoryIngestService({ add: (event: TimedValues) => added.push(event) } as unknown as HistoryWriter);
    warnings = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => jest.restoreAllMocks());

  it('stores the numeric values of an event under their flattened names, all with one receive time', () => {
    ingest.receive(
      'eventcast/history/svc',
      { key: 'svc', data: { a: { b: { c: 1.5 } }, on: true, off: false, n: '12', s: '1.2.3', t: 'true', z: null } },
      false,
    );
    expect(added).toHaveLength(1);
    expect([...added[0].values]).toEqual([
      ['svc/a/b/c', 1.5],
      ['svc/on', 1],
      ['svc/off', 0],
      ['svc/n', 12],
    ]);
    expect(ingest.stats.acceptedEvents).toBe(1);
  });

  it('gives every event a later receive time than the one before', () => {
    for (let index = 0; index < 5; index++)
      ingest.receive('eventcast/history/svc', { key: 'svc', data: { v: index } }, false);
    const times = added.map((event) => event.ts);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(5);
  });

  it('drops an invalid event with one log line naming the topic and the reason', () => {
    ingest.receive('eventcast/history/bad', 'not json {', false);
    ingest.receive('eventcast/history/bad', { key: 'svc', data: 'x' }, false);
    expect(added).toEqual([]);
    expect(ingest.stats.invalidEvents).toBe(2);
    expect(warnings.mock.calls).toEqual([
      ['dropped an invalid history event on eventcast/history/bad: the payload is not a JSON object'],
      ['dropped an invalid history event on eventcast/history/bad: data must be an object'],
    ]);
  });

  it('does not store retained deliveries, and logs that once per topic', () => {
    ingest.receive('eventcast/history/kept', { key: 'svc', data: { v: 1 } }, true);
    ingest.receive('eventcast/history/kept', { key: 'svc', data: { v: 1 } }, true);
    expect(added).toEqual([]);
    expect(ingest.stats.retainedEvents).toBe(2);
    expect(warnings).toHaveBeenCalledTimes(1);
    expect(warnings).toHaveBeenCalledWith(
      expect.stringContaining('not storing retained history events on eventcast/history/kept'),
    );
  });

  it('stores nothing for an event without numeric values', () => {
    ingest.receive('eventcast/history/svc', { key: 'svc', data: { s: 'text', empty: {} } }, false);
    expect(added).toEqual([]);
  });
});
