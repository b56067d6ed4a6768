import { Logger } from '@nestjs/common';
import { Annotation, TimedValues } from '@eventcast/time-series-store';
import { HistoryDelivery, HistoryIngestService } from './history-ingest.service';
import { HistoryWriter } from './history-writer.service';
import { SpoolFullError } from './spool/event-spool';

function delivery(topic: string, payload: unknown, retained = false): HistoryDelivery {
  return { topic, payload, bytes: Buffer.from(JSON.stringify(payload)), retained };
}

describe(HistoryIngestService.name, () => {
  let added: TimedValues[];
  let ingest: HistoryIngestService;
  let warnings: jest.SpyInstance;
  let errors: jest.SpyInstance;
  let spoolFull: boolean;
  let closedWriter: () => void;

  beforeEach(() => {
    added = [];
    spoolFull = false;
    const writer = {
      isClosed: false,
      accept: (ts: number, _bytes: Buffer, values: ReadonlyMap<string, number>, annotation?: Annotation) => {
        if (spoolFull) throw new SpoolFullError('no space left on the disk of /data/history-spool');
        added.push({ ts, values, ...(annotation ? { annotation } : {}) });
      },
    };
    closedWriter = () => (writer.isClosed = true);
    ingest = new HistoryIngestService(writer as unknown as HistoryWriter, { maxEventBytes: 1024 });
    warnings = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });

  afterEach(() => jest.restoreAllMocks());

  it('stores the numeric values of an event under their flattened names, all with one receive time', () => {
    ingest.receive(
      delivery('eventcast/history/svc', {
        key: 'svc',
        data: { a: { b: { c: 1.5 } }, on: true, off: false, n: '12', s: '1.2.3', t: 'true', z: null },
      }),
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
      ingest.receive(delivery('eventcast/history/svc', { key: 'svc', data: { v: index } }));
    const times = added.map((event) => event.ts);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(5);
  });

  it('drops an event larger than HISTORY_MAX_EVENT_BYTES unread, counting it and logging its size', () => {
    const large = delivery('eventcast/history/svc', { key: 'svc', data: { v: 1, pad: 'x'.repeat(1024) } });
    const fits = delivery('eventcast/history/svc', { key: 'svc', data: { v: 2, pad: 'x'.repeat(900) } });
    expect(ingest.receive(large)).toEqual({ taken: true });
    ingest.receive(fits);
    expect(added.map((event) => event.values.get('svc/v'))).toEqual([2]);
    expect(ingest.stats.oversizedEvents).toBe(1);
    expect(warnings).toHaveBeenCalledWith(
      `dropped a history event of ${large.bytes.length} bytes on eventcast/history/svc: larger than HISTORY_MAX_EVENT_BYTES (1024)`,
    );
  });

  it('drops invalid events, logging the first at once with the topic and the reason and the rest in one summary', () => {
    ingest.receive(delivery('eventcast/history/bad', 'not json {'));
    ingest.receive(delivery('eventcast/history/bad', { key: 'svc', data: 'x' }));
    ingest.receive(delivery('eventcast/history/worse', { key: 'svc', data: 'y' }));
    expect(added).toEqual([]);
    expect(ingest.stats.invalidEvents).toBe(3);
    expect(warnings.mock.calls).toEqual([
      ['dropped an invalid history event on eventcast/history/bad: the payload is not a JSON object'],
    ]);

    ingest.onApplicationShutdown();
    expect(warnings).toHaveBeenLastCalledWith(
      expect.stringMatching(
        /^2 more invalid history events in the last \d+ s \(3 since start\); the last: dropped an invalid history event on eventcast\/history\/worse: data must be an object$/,
      ),
    );
  });

  it('does not store retained deliveries, and logs that once per topic', () => {
    ingest.receive(delivery('eventcast/history/kept', { key: 'svc', data: { v: 1 } }, true));
    ingest.receive(delivery('eventcast/history/kept', { key: 'svc', data: { v: 1 } }, true));
    expect(added).toEqual([]);
    expect(ingest.stats.retainedEvents).toBe(2);
    expect(warnings).toHaveBeenCalledTimes(1);
    expect(warnings).toHaveBeenCalledWith(
      expect.stringContaining('not storing retained history events on eventcast/history/kept'),
    );
  });

  it('stores nothing for an event without numeric values', () => {
    ingest.receive(delivery('eventcast/history/svc', { key: 'svc', data: { s: 'text', empty: {} } }));
    expect(added).toEqual([]);
  });

  it('does not take an event the spool has no room for, counts it, and logs when ingest stops and resumes', () => {
    spoolFull = true;
    const refused = ingest.receive(delivery('eventcast/history/svc', { key: 'svc', data: { v: 1 } }));
    ingest.receive(delivery('eventcast/history/svc', { key: 'svc', data: { v: 2 } }));
    expect(refused).toEqual({ taken: false, reason: 'no space left on the disk of /data/history-spool' });
    expect(ingest.stats.refusedEvents).toBe(2);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/^ingest stopped: no space left on the disk/));

    spoolFull = false;
    expect(ingest.receive(delivery('eventcast/history/svc', { key: 'svc', data: { v: 3 } }))).toEqual({ taken: true });
    expect(added).toHaveLength(1);
    expect(Logger.prototype.log).toHaveBeenCalledWith(
      'the spool takes events again; 2 deliveries were refused meanwhile',
    );
  });

  it('keeps a change event as an annotation of its controller, with an id and a receive time of its own', () => {
    const change = {
      key: 'fermenter',
      type: 'Controller.change',
      data: { time: '2026-11-28T14:05:12.345Z', kind: 'started', blocks: [], origin: { via: 'controller' } },
    };
    expect(ingest.receiveChange(delivery('eventcast/state/fermenter/changes', change))).toEqual({ taken: true });
    expect(added).toEqual([
      {
        ts: expect.any(Number),
        values: new Map(),
        annotation: {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          ts: added[0]?.ts,
          kind: 'started',
          controller: 'fermenter',
          blocks: [],
          detail: { changes: [], origin: { via: 'controller' } },
        },
      },
    ]);
    expect(ingest.stats.acceptedAnnotations).toBe(1);
  });

  it('drops what is not a change event on a change topic, counting it and saying why', () => {
    expect(ingest.receiveChange(delivery('eventcast/state/fermenter/changes', { key: 'fermenter' }))).toEqual({
      taken: true,
    });
    expect(added).toEqual([]);
    expect(ingest.stats.invalidChangeEvents).toBe(1);
    expect(warnings).toHaveBeenCalledWith(
      'dropped an invalid change event on eventcast/state/fermenter/changes: type must be Controller.change',
    );
  });

  it('does not take what arrives once shutdown has closed the spool, so the broker keeps it for the next start', () => {
    closedWriter();
    const change = {
      key: 'fermenter',
      type: 'Controller.change',
      data: { time: '2026-11-28T14:05:12.345Z', kind: 'stopped', blocks: [], origin: { via: 'controller' } },
    };
    expect(ingest.receiveChange(delivery('eventcast/state/fermenter/changes', change))).toEqual({
      taken: false,
      reason: 'the service is stopping',
    });
    expect(ingest.receive(delivery('eventcast/history/svc', { key: 'svc', data: { v: 1 } }))).toEqual({
      taken: false,
      reason: 'the service is stopping',
    });
    expect(added).toEqual([]);
  });
});
