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

/** A service could not start: logged where it failed, with the cause. */
export class ServiceStartError extends Error {}

/** Services started in this process: `stop` closes them all, the last started first, once. */
export interface StartedServices {
  stop(reason: string): Promise<void>;
}

/**
 * Reads every configuration first, then starts the services in the order given. A bad
 * configuration rejects with a `ConfigurationError` naming each variable at fault, before anything
 * starts; a service that cannot start is logged and rejects with a `ServiceStartError`, after
 * those started before it are closed. For a process that runs the services beside work of its own
 * (`npm start -- --one-process`) and stops them itself.
 */
export async function startServices(services: readonly ServiceLaunch[]): Promise<StartedServices> {
  const configured = services.map(({ entry, variables }) => ({ entry, options: entry.configure(variables) }));
  const started: Array<{ app: INestApplication; name: string }> = [];
  const stopper = stopperOf(started);
  for (const { entry, options } of configured) {
    try {
      const { app } = await entry.start(options);
      started.push({ app, name: options.name });
    } catch (error) {
      const message = `could not start: ${error instanceof Error ? error.message : String(error)}`;
      new Logger(options.name).error(message);
      if (started.length > 0) await stopper.stop(`${options.name} could not start`);
      throw new ServiceStartError(`${options.name} ${message}`, { cause: error });
    }
  }
  return stopper;
}

/**
 * The `main` of every service, and of one process that runs several (docs/deployment.md, "One
 * process"): starts them (`startServices`), and stops them all cleanly on SIGTERM or SIGINT (flush,
 * publish final state, close connections, exit 0). A bad configuration stops the process with exit
 * code 1 before anything starts, with a message naming each variable at fault; so does a service
 * that cannot start.
 */
export async function launch(services: readonly ServiceLaunch[]): Promise<void> {
  let started: StartedServices;
  try {
    started = await startServices(services);
  } catch (error) {
    if (error instanceof ConfigurationError) console.error(error.message);
    // A service that could not start has said why where it failed.
    else if (!(error instanceof ServiceStartError)) throw error;
    process.exit(1);
  }
  stopOnSignals(started);
}

function stopperOf(services: ReadonlyArray<{ app: INestApplication; name: string }>): StartedServices {
  let stopped: Promise<void> | undefined;
  const stop = async (reason: string) => {
    const names = services.map(({ name }) => name).join(', ');
    const logger = new Logger(names);
    logger.log(`${names} stopping (${reason})`);
    // The last started first: the controller before the datastore it reads its units from.
    for (const { app } of [...services].reverse()) await app.close();
    logger.log(`${names} stopped`);
  };
  return { stop: (reason) => (stopped ??= stop(reason)) };
}

function stopOnSignals(services: StartedServices): void {
  const stop = async (signal: NodeJS.Signals) => {
    setTimeout(() => {
      console.error(`the services did not stop within ${SHUTDOWN_GRACE_MS} ms; exiting`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    await services.stop(signal);
    process.exit(0);
  };
  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGINT', (signal) => void stop(signal));
}
