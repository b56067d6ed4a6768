import type * as DuckDbApi from '@duckdb/node-api';

let api: typeof DuckDbApi | undefined;

/**
 * `@duckdb/node-api`, loaded when it is first used: a service on QuestDB never loads DuckDB's
 * native module, about 24 MiB of resident memory (docs/decisions.md, "Footprint").
 */
export function duckDbApi(): typeof DuckDbApi {
  api ??= require('@duckdb/node-api') as typeof DuckDbApi;
  return api;
}
