import { ThrottledLog } from './throttled-log';

/** A logger that keeps its lines, each with its level. */
function recordingLogger() {
  const lines: string[] = [];
  const record =
    (level: string) =>
    (message: string, ...details: unknown[]) =>
      lines.push([level, message, ...details].join(' | '));
  return { lines, logger: { log: record('log'), warn: record('warn'), error: record('error') } };
}

describe(ThrottledLog.name, () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('writes the first report of a kind at once, then one summary per interval with the count and the last message', () => {
    const { lines, logger } = recordingLogger();
    const log = new ThrottledLog(logger, 10_000);
    log.report('bad events', 'bad 1');
    for (let index = 2; index <= 12_345; index++) log.report('bad events', `bad ${index}`);
    expect(lines).toEqual(['warn | bad 1']);
    jest.advanceTimersByTime(9_999);
    expect(lines).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(lines).toEqual([
      'warn | bad 1',
      'warn | 12,344 more bad events in the last 10 s (12,345 since start); the last: bad 12345',
    ]);
    expect(log.total('bad events')).toBe(12_345);
  });

  it('writes at most one line per kind and interval while a flood lasts, and keeps every count', () => {
    const { lines, logger } = recordingLogger();
    const log = new ThrottledLog(logger, 1_000);
    for (let second = 0; second < 60; second++) {
      for (let index = 0; index < 100; index++) log.report('bad events', 'bad');
      jest.advanceTimersByTime(1_000);
    }
    // The first report at once, then one summary at the end of each of the 60 intervals.
    expect(lines).toHaveLength(61);
    expect(log.total('bad events')).toBe(6_000);
    const summed = lines.slice(1).map((line) => Number(/\| (\d+) more/.exec(line)?.[1]));
    expect(1 + summed.reduce((sum, count) => sum + count, 0)).toBe(6_000);
  });

  it('keeps kinds apart, and writes a report at once again after a quiet interval', () => {
    const { lines, logger } = recordingLogger();
    const log = new ThrottledLog(logger, 10_000);
    log.report('events of a', 'first a');
    log.report('events of b', 'first b');
    log.report('events of a', 'second a');
    jest.advanceTimersByTime(10_000);
    jest.advanceTimersByTime(10_000);
    log.report('events of b', 'later b');
    expect(lines).toEqual([
      'warn | first a',
      'warn | first b',
      'warn | 1 more events of a in the last 10 s (2 since start); the last: second a',
      'warn | later b',
    ]);
    expect([log.total('events of a'), log.total('events of b'), log.total()]).toEqual([2, 2, 4]);
  });

  it('words its lines and writes at the level it is given, with details on the first line only', () => {
    const { lines, logger } = recordingLogger();
    const log = new ThrottledLog(logger, 5_000, {
      level: 'error',
      first: (kind, message, total) => `failed on ${kind}: ${message} (#${total})`,
      summary: ({ kind, count, seconds, lastMessage, total }) =>
        `failed on ${count} on ${kind} in ${seconds} s: ${lastMessage} (#${total})`,
    });
    log.report('t', 'boom', 'the stack');
    log.report('t', 'boom again', 'another stack');
    log.flush();
    expect(lines).toEqual([
      'error | failed on t: boom (#1) | the stack',
      'error | failed on 1 on t in 5 s: boom again (#2)',
    ]);
  });

  it('writes nothing on flush when nothing is pending, and keeps no timer running', () => {
    const { lines, logger } = recordingLogger();
    const log = new ThrottledLog(logger);
    log.report('bad events', 'once');
    log.flush();
    expect(jest.getTimerCount()).toBe(0);
    expect(lines).toEqual(['warn | once']);
  });
});
