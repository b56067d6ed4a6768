import { Logger } from '@nestjs/common';
import { ConfigurationError } from './environment';
import { ServiceStartOptions, startService } from './start-service';

/**
 * The `main` of every service: reads its configuration once, then starts it. A bad configuration
 * stops the process with exit code 1 and a message naming each variable at fault.
 */
export async function launch<C>(readConfig: () => C, options: (config: C) => ServiceStartOptions): Promise<void> {
  let config: C;
  try {
    config = readConfig();
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const start = options(config);
  try {
    await startService(start);
  } catch (error) {
    new Logger(start.name).error(`could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
