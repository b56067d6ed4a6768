import { Writable } from 'node:stream';
import pino from 'pino';
import { PinoNestLogger, requestId, serviceLoggers } from './service-logger';

/** A pino logger at `trace` whose lines are collected, parsed. */
function collectingPino() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'trace' }, stream), lines };
}

describe(PinoNestLogger.name, () => {
  it('writes each Nest log call as one JSON object with its level, message and context', () => {
    const { logger, lines } = collectingPino();
    const nest = new PinoNestLogger(logger);
    nest.log('history started', 'history');
    nest.warn('spool almost full', 'HistoryWriter');
    nest.verbose('detail');
    expect(lines.map(({ level, msg, context }) => ({ level, msg, context }))).toEqual([
      { level: 30, msg: 'history started', context: 'history' },
      { level: 40, msg: 'spool almost full', context: 'HistoryWriter' },
      { level: 10, msg: 'detail', context: undefined },
    ]);
  });

  it('keeps the stack of an error apart from its message', () => {
    const { logger, lines } = collectingPino();
    new PinoNestLogger(logger).error('write failed', 'Error: boom\n    at x', 'HistoryWriter');
    expect(lines[0]).toMatchObject({
      level: 50,
      msg: 'write failed',
      stack: 'Error: boom\n    at x',
      context: 'HistoryWriter',
    });
  });
});

describe(serviceLoggers.name, () => {
  it('gives Nest its own readable lines at the levels LOG_LEVEL lets through, and no HTTP logger', () => {
    expect(serviceLoggers({ format: 'text', level: 'warn' })).toEqual({ nest: ['fatal', 'error', 'warn'] });
    expect(serviceLoggers({ format: 'text', level: 'trace' }).nest).toEqual([
      'fatal',
      'error',
      'warn',
      'log',
      'debug',
      'verbose',
    ]);
  });

  it('gives JSON lines to Nest and to the HTTP requests', () => {
    const loggers = serviceLoggers({ format: 'json', level: 'info' });
    expect(loggers.nest).toBeInstanceOf(PinoNestLogger);
    expect(loggers.http?.level).toBe('info');
  });
});

describe(requestId.name, () => {
  it("takes the caller's X-Request-Id when it is a plain token, and makes a UUID otherwise", () => {
    expect(requestId('trace-42.a:b')).toBe('trace-42.a:b');
    for (const header of [undefined, '', 'a b', 'x'.repeat(129), ['a', 'b'], 'id\n"injected": 1']) {
      expect(requestId(header)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });
});
