import { Writable } from 'node:stream';
import type { LogLevel } from '@nestjs/common';
import pino from 'pino';
import { type LogLevelName, PinoNestLogger, requestId, ServiceConsoleLogger, serviceLoggers } from './service-logger';

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

  it("writes Nest's route-mapping and module lines at debug level", () => {
    const { logger, lines } = collectingPino();
    const nest = new PinoNestLogger(logger);
    nest.log('Mapped {/history/datastore/get, POST} route', 'RouterExplorer');
    nest.log('DocumentsController {/history/datastore}:', 'RoutesResolver');
    nest.log('AppModule dependencies initialized', 'InstanceLoader');
    nest.log('datastore started', 'datastore');
    expect(lines.map(({ level }) => level)).toEqual([20, 20, 20, 30]);
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
    const warn = serviceLoggers({ format: 'text', level: 'warn' });
    expect(warn.nest).toBeInstanceOf(ServiceConsoleLogger);
    expect(warn.http).toBeUndefined();
    const enabled = (level: LogLevelName) =>
      (['fatal', 'error', 'warn', 'log', 'debug', 'verbose'] as const).filter((nest) =>
        (serviceLoggers({ format: 'text', level }).nest as ServiceConsoleLogger).isLevelEnabled(nest),
      );
    expect(enabled('warn')).toEqual(['fatal', 'error', 'warn']);
    expect(enabled('trace')).toEqual(['fatal', 'error', 'warn', 'log', 'debug', 'verbose']);
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

describe(ServiceConsoleLogger.name, () => {
  /** What a logger at `levels` prints to stdout for Nest's calls made by `log`. */
  function printed(levels: LogLevel[], log: (logger: ServiceConsoleLogger) => void): string {
    const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      log(new ServiceConsoleLogger({ logLevels: levels, colors: false }));
      return write.mock.calls.map(([chunk]) => String(chunk)).join('');
    } finally {
      write.mockRestore();
    }
  }
  const start = (logger: ServiceConsoleLogger) => {
    logger.log('Starting Nest application...', 'NestFactory');
    logger.log('AppModule dependencies initialized', 'InstanceLoader');
    logger.log('Mapped {/history/datastore/get, POST} route', 'RouterExplorer');
    logger.log('DocumentsController {/history/datastore}:', 'RoutesResolver');
    logger.log('Nest application successfully started', 'NestApplication');
    logger.log('Nest microservice successfully started', 'NestMicroservice');
    logger.log('datastore started', 'datastore');
  };

  it("leaves Nest's start-up lines (modules, routes, started) out at the default level and keeps the others", () => {
    const text = printed(['fatal', 'error', 'warn', 'log'], start);
    expect(text).toContain('datastore started');
    for (const context of [
      'NestFactory',
      'InstanceLoader',
      'RouterExplorer',
      'RoutesResolver',
      'NestApplication',
      'NestMicroservice',
    ])
      expect(text).not.toContain(`[${context}]`);
  });

  it('prints them as debug lines at debug level', () => {
    const text = printed(['fatal', 'error', 'warn', 'log', 'debug'], start);
    expect(text).toMatch(/DEBUG \[RouterExplorer\] Mapped \{\/history\/datastore\/get, POST\} route/);
    expect(text).toMatch(/DEBUG \[RoutesResolver\] DocumentsController/);
    expect(text).toMatch(/DEBUG \[InstanceLoader\] AppModule dependencies initialized/);
  });
});
