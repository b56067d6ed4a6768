import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { nowMicros, TimeSeriesStore } from '@eventcast/time-series-store';

/** How often the rollups are brought up to date and the retention applied. */
export const MAINTENANCE_INTERVAL_MS = 60_000;

/**
 * Runs the store's `maintain` at start and once a minute, one run at a time: rollups, then
 * retention (docs/history.md, "Retention and rollups"). A failure is logged once, and its end once.
 */
@Injectable()
export class StoreMaintenance implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(StoreMaintenance.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private failing = false;
  private stopped = false;

  constructor(private readonly store: TimeSeriesStore) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.run(), MAINTENANCE_INTERVAL_MS).unref();
    void this.run();
  }

  beforeApplicationShutdown(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }

  /** One run; a call while one is under way waits for that one. */
  run(): Promise<void> {
    this.running ??= this.store
      .maintain(nowMicros())
      .then(
        () => {
          if (this.failing) this.logger.log('rollups and retention are up to date again');
          this.failing = false;
        },
        (error: unknown) => {
          if (this.stopped || this.failing) return;
          this.failing = true;
          this.logger.warn(
            `rollups and retention wait: ${error instanceof Error ? error.message : String(error)}; tried again every minute`,
          );
        },
      )
      .finally(() => (this.running = undefined));
    return this.running;
  }
}
