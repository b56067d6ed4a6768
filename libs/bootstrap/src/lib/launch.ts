import { INestApplication, Logger } from '@nestjs/common';
import { ConfigurationError } from './environment';
import type { ServiceStartOptions } from './service-start-options';
import { startService } from './start-service';

/** How long the services may take to flush and close on SIGTERM before they are stopped anyway. */
const SHUTDOWN_GRACE_MS = 15_000;

/** Environment variables, as `process.env` holds them. */
export type VariableSource = Record<string, string | undefined>;

/**
 * One service as its `main.js` exports it: how it reads its configuration from a set of variables,
 * and how it starts. Each service's build carries its own copy of this library, so the entry
 * starts the service with that copy (Nest matches providers by class, not by name).
 */
export interface ServiceEntry {
  configure(variables: VariableSource): ServiceStartOptions;
  start(options: ServiceStartOptions): Promise<{ app: INestApplication }>;
}

export function serviceEntry<C>(
  readConfig: (variables: VariableSource) => C,
  options: (config: C) => ServiceStartOptions,
): ServiceEntry {
  return { configure: (variables) => options(readConfig(variables)), start: startService };
}

/** A service to launch and the variables it reads. */
export interface ServiceLaunch {
  entry: ServiceEntry;
  variables: VariableSource;
}

/**
 * The `main` of every service, and of one process that runs several (docs/deployment.md, "One
 * process"): reads every configuration first, then starts the services in the order given, and
 * stops them all cleanly on SIGTERM or SIGINT (flush, publish final state, close connections, exit
 * 0). A bad configuration stops the process with exit code 1 before anything starts, with a
 * message naming each variable at fault; so does a service that cannot start.
 */
export async function launch(services: readonly ServiceLaunch[]): Promise<void> {
  let configured: Array<{ entry: ServiceEntry; options: ServiceStartOptions }>;
  try {
    configured = services.map(({ entry, variables }) => ({ entry, options: entry.configure(variables) }));
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const started: Array<{ app: INestApplication; name: string }> = [];
  for (const { entry, options } of configured) {
    try {
      const { app } = await entry.start(options);
      started.push({ app, name: options.name });
    } catch (error) {
      new Logger(options.name).error(`could not start: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
  }
  stopOnSignals(started);
}

function stopOnSignals(services: ReadonlyArray<{ app: INestApplication; name: string }>): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const names = services.map(({ name }) => name).join(', ');
    const logger = new Logger(names);
    logger.log(`${names} stopping (${signal})`);
    setTimeout(() => {
      logger.error(`${names} did not stop within ${SHUTDOWN_GRACE_MS} ms; exiting`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    // The last started first: the controller before the datastore it reads its units from.
    for (const { app } of [...services].reverse()) await app.close();
    logger.log(`${names} stopped`);
    process.exit(0);
  };
  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGINT', (signal) => void stop(signal));
}
