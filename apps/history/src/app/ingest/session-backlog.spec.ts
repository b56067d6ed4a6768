import { Logger } from '@nestjs/common';
import type { Packet } from 'mqtt';
import { SessionBacklog } from './session-backlog';

const connack = (sessionPresent: boolean) => ({ cmd: 'connack', sessionPresent, returnCode: 0 }) as Packet;
const publish = {
  cmd: 'publish',
  topic: 'eventcast/history/a',
  payload: '{}',
  qos: 1,
  dup: false,
  retain: false,
} as Packet;
const suback = { cmd: 'suback', granted: [1] } as Packet;

describe(SessionBacklog.name, () => {
  let log: jest.SpyInstance;
  beforeEach(() => (log = jest.spyOn(Logger.prototype, 'log').mockImplementation()));
  afterEach(() => log.mockRestore());

  it('counts the messages between a CONNACK with a session and the SUBACK, and logs their number once', () => {
    const backlog = new SessionBacklog('eventcast-history');
    [connack(true), publish, publish, publish, suback, publish, connack(true), publish, suback].forEach((packet) =>
      backlog.received(packet),
    );
    expect(backlog.delivered).toBe(3);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0][0]).toMatch(
      /^the broker delivered 3 queued messages from the persistent session of client id eventcast-history .*MQTT_CLIENT_ID/,
    );
  });

  it('gives the count as a floor when the broker may hold part of the backlog back (MQTT 3.1.1)', () => {
    const backlog = new SessionBacklog('eventcast-history', false);
    [connack(true), publish, suback].forEach((packet) => backlog.received(packet));
    expect(log.mock.calls[0][0]).toMatch(/^the broker delivered at least 1 queued messages .*MQTT 3\.1\.1/);
  });

  it('says when the broker kept no session, and counts nothing after', () => {
    const backlog = new SessionBacklog('eventcast-history');
    [connack(false), publish, suback].forEach((packet) => backlog.received(packet));
    expect(backlog.delivered).toBe(0);
    expect(log.mock.calls).toEqual([[expect.stringMatching(/had no session for client id eventcast-history/)]]);
  });
});
