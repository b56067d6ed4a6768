import { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import { Annotation, AnnotationQuery, blockListText, blockNeedle, MAX_SPAN_US } from '../annotations';
import { HISTORY_TABLE } from '../time-series-store.port';
import { time } from './duckdb-rollups';

export const ANNOTATION_TABLE = `${HISTORY_TABLE}_annotations`;

/** An id written again (a batch sent again after a failure) is ignored. */
export const CREATE_ANNOTATION_TABLE =
  `CREATE TABLE IF NOT EXISTS ${ANNOTATION_TABLE} (id VARCHAR PRIMARY KEY, ts TIMESTAMP NOT NULL, end_ts TIMESTAMP, ` +
  'kind VARCHAR NOT NULL, controller VARCHAR, blocks VARCHAR NOT NULL, detail VARCHAR NOT NULL)';

/** Where a batch's annotations wait while it is written, to be inserted in one statement. */
const INCOMING_TABLE = `${ANNOTATION_TABLE}_incoming`;

/**
 * Inserts the annotations in one statement, skipping ids already there: they are appended to a
 * temporary table of the writing connection first, which takes a hundred times less time than an
 * insert per row.
 */
export async function insertAnnotations(writer: DuckDBConnection, annotations: readonly Annotation[]): Promise<void> {
  if (annotations.length === 0) return;
  await writer.run(`CREATE TEMP TABLE IF NOT EXISTS ${INCOMING_TABLE} AS SELECT * FROM ${ANNOTATION_TABLE} LIMIT 0`);
  const appender = await writer.createAppender(INCOMING_TABLE, 'main', 'temp');
  try {
    for (const annotation of annotations) {
      appender.appendVarchar(annotation.id);
      appender.appendTimestamp(time(annotation.ts));
      if (annotation.endTs === undefined) appender.appendNull();
      else appender.appendTimestamp(time(annotation.endTs));
      appender.appendVarchar(annotation.kind);
      if (annotation.controller === undefined) appender.appendNull();
      else appender.appendVarchar(annotation.controller);
      appender.appendVarchar(blockListText(annotation.blocks));
      appender.appendVarchar(JSON.stringify(annotation.detail));
      appender.endRow();
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
  await writer.run(`INSERT OR IGNORE INTO ${ANNOTATION_TABLE} SELECT DISTINCT ON (id) * FROM ${INCOMING_TABLE}`);
  await writer.run(`DELETE FROM ${INCOMING_TABLE}`);
}

/** The SQL and parameters of `AnnotationQuery`. */
export function annotationsQuery(query: AnnotationQuery): [string, Record<string, DuckDBValue>] {
  const parameters: Record<string, DuckDBValue> = {
    from: time(query.fromUs),
    lookback: time(query.fromUs - MAX_SPAN_US),
    to: time(query.toUs),
    limit: BigInt(Math.trunc(query.limit)),
  };
  const conditions = ['ts >= $lookback', 'ts <= $to', '(ts >= $from OR end_ts >= $from)'];
  if (query.kinds) {
    const names = query.kinds.map((kind, index) => {
      parameters[`k${index}`] = kind;
      return `$k${index}`;
    });
    conditions.push(`kind IN (${names.join(', ')})`);
  }
  if (query.scopes) {
    const scopes = query.scopes.map(({ controller, block }, index) => {
      parameters[`c${index}`] = controller;
      if (block === undefined) return `controller = $c${index}`;
      parameters[`b${index}`] = blockNeedle(block);
      return `(controller = $c${index} AND (blocks = '/' OR strpos(blocks, $b${index}) > 0))`;
    });
    conditions.push(`(controller IS NULL${scopes.map((scope) => ` OR ${scope}`).join('')})`);
  }
  return [
    'SELECT id, epoch_us(ts)::DOUBLE AS ts, epoch_us(end_ts)::DOUBLE AS end_ts, kind, controller, blocks, detail ' +
      `FROM ${ANNOTATION_TABLE} WHERE ${conditions.join(' AND ')} ORDER BY ts, id LIMIT $limit`,
    parameters,
  ];
}
