import { readHistoryEvent } from './history-event.util';

describe(readHistoryEvent.name, () => {
  it('takes an object with a string key and an object data', () => {
    const payload = { key: 'k', data: { a: { b: 1 } }, extra: true };
    expect(readHistoryEvent(payload)).toEqual({ ok: true, event: { key: 'k', data: { a: { b: 1 } } } });
  });

  it.each([['not json {'], [42], [null], [[{ key: 'k', data: {} }]]])(
    'refuses the payload %p as not a JSON object',
    (payload) => {
      expect(readHistoryEvent(payload)).toEqual({ ok: false, reason: 'the payload is not a JSON object' });
    },
  );

  it('names each field at fault', () => {
    const reading = readHistoryEvent({ key: 7, data: [1, 2] });
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.reason).toMatch(/^key must be a string.*; data must be an object$/);
  });

  it('refuses an event without data', () => {
    expect(readHistoryEvent({ key: 'k' })).toEqual({ ok: false, reason: 'data must be an object' });
  });
});
