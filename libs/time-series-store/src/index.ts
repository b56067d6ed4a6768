export * from './duckdb/duckdb-time-series-store';
export * from './micros.util';
export { IlpTextEncoder } from './questdb/ilp-text';
export { QuestDbHttpClient } from './questdb/questdb-http.client';
export { rollupName } from './questdb/questdb-rollup';
export { sqlText } from './questdb/questdb-sql.util';
export * from './questdb/questdb-time-series-store';
export * from './time-series-store.port';
