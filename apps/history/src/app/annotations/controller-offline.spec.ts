import { Subject } from 'rxjs';
import { disconnectedState, type StateEvent } from '@eventcast/domain';
import { Annotation } from '@eventcast/time-series-store';
import { ControllerStates } from '../controller-states/controller-states.service';
import { HistoryIngestService } from '../ingest/history-ingest.service';
import { HistoryWriter, WrittenBatch } from '../ingest/history-writer.service';
import { ControllerOffline, OFFLINE_SETTLE_MS } from './controller-offline';

const online = (key: string): StateEvent => ({
  key,
  type: 'Controller.state',
  data: {
    status: { connected: true, deviceId: 'C0FFEE', version: 'simulated-1', temperatureUnit: 'degC' },
    blocks: [],
    relations: [],
  },
});

describe(ControllerOffline.name, () => {
  let states: ControllerStates;
  let written: Subject<WrittenBatch>;
  let recorded: unknown[];
  let offline: ControllerOffline;

  const stateOn = (event: StateEvent) => states.receive(`eventcast/state/${event.key}`, JSON.stringify(event));

  beforeEach(() => {
    jest.useFakeTimers();
    states = new ControllerStates();
    states.followed();
    written = new Subject();
    recorded = [];
    const ingest = { annotate: (content: unknown) => (recorded.push(content), { outcome: { taken: true } }) };
    offline = new ControllerOffline(
      states,
      { written$: written } as unknown as HistoryWriter,
      ingest as unknown as HistoryIngestService,
    );
    offline.onModuleInit();
  });

  afterEach(() => {
    offline.onModuleDestroy();
    jest.useRealTimers();
  });

  it('records a controller whose state turns from online to its last will', () => {
    stateOn(online('fermenter'));
    stateOn(disconnectedState('fermenter'));
    jest.advanceTimersByTime(OFFLINE_SETTLE_MS);
    expect(recorded).toEqual([{ kind: 'offline', controller: 'fermenter', blocks: [], detail: {} }]);
  });

  it('takes a patch event as a sign of life too: the state event comes only every broadcast interval', () => {
    const patch = { key: 'fermenter', type: 'Controller.patch', data: { changed: [], deleted: ['Old'] } };
    states.receive('eventcast/state/fermenter/patch', JSON.stringify(patch));
    stateOn(disconnectedState('fermenter'));
    jest.advanceTimersByTime(OFFLINE_SETTLE_MS);
    expect(recorded).toEqual([expect.objectContaining({ kind: 'offline', controller: 'fermenter' })]);
  });

  it('records nothing for a controller that stopped cleanly, nor for one already offline when it was first seen', () => {
    stateOn(online('fermenter'));
    const stopped: Annotation = { id: 's', ts: 1, kind: 'stopped', controller: 'fermenter', blocks: [], detail: {} };
    written.next({ events: [{ ts: 1, values: new Map(), annotation: stopped }], values: 1, seconds: 0 });
    stateOn(disconnectedState('fermenter'));
    stateOn(disconnectedState('glycol'));
    jest.advanceTimersByTime(OFFLINE_SETTLE_MS);
    expect(recorded).toEqual([]);
  });
});
