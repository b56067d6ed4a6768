import { join } from 'node:path';
import { DynamicModule, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { HistoryConfig } from '../config/history.config';
import { DuckDbTimeSeriesStore } from './duckdb/duckdb-time-series-store';
import { QuestDbTimeSeriesStore } from './questdb/questdb-time-series-store';
import { TimeSeriesStore } from './time-series-store.port';

/** The file of the embedded store inside `DATA_DIR`. */
export const EMBEDDED_STORE_FILE = 'history.duckdb';

/** QuestDB when `QUESTDB_URL` is set, else the embedded DuckDB file; opened and ready. */
export async function openTimeSeriesStore(config: HistoryConfig): Promise<TimeSeriesStore> {
  const store = config.questDbUrl
    ? new QuestDbTimeSeriesStore(config.questDbUrl, config.questDbTable)
    : new DuckDbTimeSeriesStore(join(config.dataDir, EMBEDDED_STORE_FILE));
  await store.open();
  new Logger(TimeSeriesStoreModule.name).log(`history values are stored in ${store.description}`);
  return store;
}

/**
 * Provides the `TimeSeriesStore` to every module. Global modules shut down last, so the store
 * closes only after the ingest has written its buffer.
 */
@Module({})
export class TimeSeriesStoreModule implements OnApplicationShutdown {
  constructor(private readonly store: TimeSeriesStore) {}

  static forRoot(config: HistoryConfig): DynamicModule {
    return {
      module: TimeSeriesStoreModule,
      global: true,
      providers: [{ provide: TimeSeriesStore, useFactory: () => openTimeSeriesStore(config) }],
      exports: [TimeSeriesStore],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
