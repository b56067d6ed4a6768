import { INestApplication, Logger } from '@nestjs/common';
import { ConfigurationError } from './environment';
import type { ServiceStartOptions } from './service-start-options';
import { startService } from './start-service';

/** How long a service may take to flush and close on SIGTERM before it is stopped anyway. */
const SHUTDOWN_GRACE_MS = 15_000;

/**
 * The `main` of every service: reads its configuration once, then starts it, and stops it cleanly
 * on SIGTERM or SIGINT (flush, publish final state, close connections, exit 0). A bad
 * configuration stops the process with exit code 1 and a message naming each variable at fault.
 */
export async function launch<C>(readConfig: () => C, options: (config: C) => ServiceStartOptions): Promise<void> {
  let start: ServiceStartOptions;
  try {
    start = options(readConfig());
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const logger = new Logger(start.name);
  try {
    const { app } = await startService(start);
    stopOnSignals(app, logger, start.name);
  } catch (error) {
    logger.error(`could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

function stopOnSignals(app: INestApplication, logger: Logger, name: string): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${name} stopping (${signal})`);
    setTimeout(() => {
      logger.error(`${name} did not stop within ${SHUTDOWN_GRACE_MS} ms; exiting`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    await app.close();
    logger.log(`${name} stopped`);
    process.exit(0);
  };
  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGINT', (signal) => void stop(signal));
}
