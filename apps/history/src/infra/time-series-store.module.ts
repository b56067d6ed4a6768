import { join } from 'node:path';
import { DynamicModule, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import {
  DuckDbTimeSeriesStore,
  EMBEDDED_STORE_FILE,
  QuestDbTimeSeriesStore,
  TimeSeriesStore,
} from '@eventcast/time-series-store';
import { HistoryConfig } from '../config/history.config';
import { StoreMaintenance } from './store-maintenance';

/** QuestDB when `QUESTDB_URL` is set, else the embedded DuckDB file; opened and ready. */
export async function openTimeSeriesStore(config: HistoryConfig): Promise<TimeSeriesStore> {
  const retention = { rawUs: config.retentionUs, rollupUs: config.rollupRetentionUs };
  const store = config.questDbUrl
    ? new QuestDbTimeSeriesStore(config.questDbUrl, config.questDbTable, retention)
    : new DuckDbTimeSeriesStore(join(config.dataDir, EMBEDDED_STORE_FILE), retention);
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
      providers: [{ provide: TimeSeriesStore, useFactory: () => openTimeSeriesStore(config) }, StoreMaintenance],
      exports: [TimeSeriesStore, StoreMaintenance],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
