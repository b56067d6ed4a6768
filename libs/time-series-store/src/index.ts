export * from './lib/duckdb/duckdb-time-series-store';
export * from './lib/micros.util';
export { IlpTextEncoder } from './lib/questdb/ilp-text';
export { QuestDbHttpClient } from './lib/questdb/questdb-http.client';
export { rollupName } from './lib/questdb/questdb-rollup';
export { ROLLUPS } from './lib/rollup-plan';
export { sqlText } from './lib/questdb/questdb-sql.util';
export * from './lib/questdb/questdb-time-series-store';
export * from './lib/time-series-store.port';
