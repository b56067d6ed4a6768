import { join } from 'node:path';
import { DynamicModule, Module } from '@nestjs/common';
import { AutomationStore } from '../app/ports/automation-store.port';
import type { RedisAutomationStore } from './redis/redis-automation-store';
import type { SqliteAutomationStore } from './sqlite/sqlite-automation-store';

/** Where incidents and the outbox are kept: Redis when `redisUrl` is set, under keys starting `redisKeyPrefix`, else a SQLite file in `dataDir`. */
export interface AutomationStoreChoice {
  redisUrl?: string;
  redisKeyPrefix: string;
  dataDir: string;
}

/** The file of the embedded store in `DATA_DIR`. */
export const AUTOMATION_SQLITE_FILE = 'automation.sqlite';

/**
 * Loads only the adapter it opens: the Redis client costs an idle service about 20 MiB and SQLite's
 * native module about 4 MiB (docs/decisions.md, "Footprint").
 */
export function openAutomationStore(choice: AutomationStoreChoice): AutomationStore {
  if (choice.redisUrl) {
    const redis = require('./redis/redis-automation-store') as { RedisAutomationStore: typeof RedisAutomationStore };
    return new redis.RedisAutomationStore(choice.redisUrl, choice.redisKeyPrefix);
  }
  const sqlite = require('./sqlite/sqlite-automation-store') as {
    SqliteAutomationStore: typeof SqliteAutomationStore;
  };
  return new sqlite.SqliteAutomationStore(join(choice.dataDir, AUTOMATION_SQLITE_FILE));
}

/** Provides the `AutomationStore` of the configuration to every module; it closes when the application shuts down. */
@Module({})
export class AutomationStoreModule {
  static forRoot(choice: AutomationStoreChoice): DynamicModule {
    return {
      module: AutomationStoreModule,
      global: true,
      providers: [{ provide: AutomationStore, useFactory: () => openAutomationStore(choice) }],
      exports: [AutomationStore],
    };
  }
}
