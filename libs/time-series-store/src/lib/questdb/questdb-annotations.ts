import {
  Annotation,
  annotationOfColumns,
  MAX_SPAN_US,
  AnnotationQuery,
  AnnotationScope,
  blockListText,
  blockNeedle,
} from '../annotations';
import { ilpString, ilpSymbol } from './ilp-text';
import { sqlText, sqlTime } from './questdb-sql.util';

/** The annotations' table beside the values' table `table`. */
export function annotationTable(table: string): string {
  return `${table}_annotations`;
}

/** Created when missing; a repeated `(ts, id)` replaces the row, so a batch sent again adds nothing. */
export function createAnnotationTable(table: string): string {
  return (
    `CREATE TABLE IF NOT EXISTS ${annotationTable(table)} ` +
    '(ts TIMESTAMP, end_ts TIMESTAMP, id VARCHAR, kind SYMBOL, controller SYMBOL, blocks VARCHAR, detail VARCHAR) ' +
    'TIMESTAMP(ts) PARTITION BY DAY WAL DEDUP UPSERT KEYS(ts, id)'
  );
}

/**
 * The line protocol text of the annotations, written in the same request as the batch's values:
 * `<table>_annotations,kind=<kind>[,controller=<id>] id="…",blocks="…",detail="…"[,end_ts=<µs>t] <ns>`.
 */
export function annotationLines(table: string, annotations: readonly Annotation[]): string {
  let text = '';
  for (const annotation of annotations) {
    const controller = annotation.controller === undefined ? '' : `,controller=${ilpSymbol(annotation.controller)}`;
    const end = annotation.endTs === undefined ? '' : `,end_ts=${annotation.endTs}t`;
    text +=
      `${annotationTable(table)},kind=${ilpSymbol(annotation.kind)}${controller} ` +
      `id=${ilpString(annotation.id)},blocks=${ilpString(blockListText(annotation.blocks))},` +
      `detail=${ilpString(JSON.stringify(annotation.detail))}${end} ${annotation.ts}000\n`;
  }
  return text;
}

/** The query of `AnnotationQuery`, its times read back as microseconds. */
export function annotationsQuery(table: string, query: AnnotationQuery): string {
  const conditions = [
    `ts >= ${sqlTime(query.fromUs - MAX_SPAN_US)}`,
    `ts <= ${sqlTime(query.toUs)}`,
    `(ts >= ${sqlTime(query.fromUs)} OR end_ts >= ${sqlTime(query.fromUs)})`,
  ];
  if (query.kinds) conditions.push(`kind IN (${query.kinds.map(sqlText).join(', ')})`);
  if (query.scopes)
    conditions.push(`(controller IS NULL${query.scopes.map((scope) => ` OR ${scopeCondition(scope)}`).join('')})`);
  return (
    'SELECT id, cast(ts AS LONG), cast(end_ts AS LONG), kind, controller, blocks, detail ' +
    `FROM ${annotationTable(table)} WHERE ${conditions.join(' AND ')} ORDER BY ts, id LIMIT ${Math.trunc(query.limit)}`
  );
}

function scopeCondition({ controller, block }: AnnotationScope): string {
  const owner = `controller = ${sqlText(controller)}`;
  return block === undefined
    ? owner
    : `(${owner} AND (blocks = '/' OR strpos(blocks, ${sqlText(blockNeedle(block))}) > 0))`;
}

/** A row of `annotationsQuery`. */
export function annotationOfRow([id, ts, endTs, kind, controller, blocks, detail]: unknown[]): Annotation {
  return annotationOfColumns({
    id: id as string,
    ts: Number(ts),
    end_ts: endTs === null ? null : Number(endTs),
    kind: kind as string,
    controller: controller as string | null,
    blocks: blocks as string,
    detail: detail as string,
  });
}
