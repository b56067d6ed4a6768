import { HEARTBEAT_MS } from '@eventcast/live-stream';
import { FakeStreamClient } from '../../../test/fakes/fake-stream-client';
import { sendHeartbeats } from './heartbeat';

describe(sendHeartbeats.name, () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sends every client a heartbeat each interval, the clients of the moment, until stopped', () => {
    const first = new FakeStreamClient();
    const second = new FakeStreamClient();
    const clients = new Set([first]);
    const stop = sendHeartbeats(() => clients);
    jest.advanceTimersByTime(HEARTBEAT_MS - 1);
    expect(first.sent).toEqual([]);
    jest.advanceTimersByTime(1);
    clients.add(second);
    jest.advanceTimersByTime(HEARTBEAT_MS);
    stop();
    jest.advanceTimersByTime(HEARTBEAT_MS);
    expect(first.sent).toEqual([{ heartbeat: true }, { heartbeat: true }]);
    expect(second.sent).toEqual([{ heartbeat: true }]);
  });
});
