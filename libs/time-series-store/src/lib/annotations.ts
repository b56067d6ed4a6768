import { BlockChange, ChangeKind, ChangeOrigin } from '@eventcast/domain';

/**
 * What an annotation records: one of a controller's changes, a controller gone offline without
 * stopping (its last will), or a note a user wrote.
 */
export type AnnotationKind = ChangeKind | 'offline' | 'note';

/** Every kind, in the order the API lists them. */
export const ANNOTATION_KINDS: readonly AnnotationKind[] = [
  'created',
  'written',
  'patched',
  'deleted',
  'discovered',
  'backup loaded',
  'started',
  'stopped',
  'offline',
  'note',
];

/**
 * The longest span an annotation covers: 92 days, a fermentation with its lagering. A read looks
 * back this far before its range for spans that reach into it, so the stores scan a bounded time.
 */
export const MAX_SPAN_US = 92 * 86_400_000_000;

/** What an annotation says beyond its kind: the blocks changed and by whom, or the note's text. */
export interface AnnotationDetail {
  changes?: BlockChange[];
  origin?: ChangeOrigin;
  text?: string;
}

/**
 * Something that explains the values around it on a graph. Times are microseconds since the epoch;
 * a span (a note over a fermentation's first days) has an `endTs`. An annotation of a controller
 * belongs to the blocks it names, or to the whole controller when it names none (a start, a stop);
 * one without a controller (a note) belongs to every graph.
 */
export interface Annotation {
  /** Unique: a repeated write of the same id keeps one annotation. */
  readonly id: string;
  readonly ts: number;
  readonly endTs?: number;
  readonly kind: AnnotationKind;
  readonly controller?: string;
  readonly blocks: readonly string[];
  readonly detail: AnnotationDetail;
}

/** Where an annotation belongs: a controller, or one block of it. */
export interface AnnotationScope {
  readonly controller: string;
  readonly block?: string;
}

/**
 * Which annotations to read: those that touch `[fromUs, toUs]` (a span that overlaps it counts), of
 * the given kinds, belonging to one of the scopes (annotations of the whole controller and those of
 * no controller included); at most `limit`, the earliest first.
 */
export interface AnnotationQuery {
  readonly fromUs: number;
  readonly toUs: number;
  readonly kinds?: readonly AnnotationKind[];
  readonly scopes?: readonly AnnotationScope[];
  readonly limit: number;
}

/**
 * How the blocks of an annotation are kept in one text column: each id between slashes
 * (`/Beer setpoint/Heater/`), `/` for none. A block id holds no `/`, so `/<id>/` finds exactly that block.
 */
export function blockListText(blocks: readonly string[]): string {
  return `/${blocks.map((block) => `${block}/`).join('')}`;
}

/** The block ids of a `blockListText`. */
export function blocksOfText(text: string): string[] {
  return text.split('/').filter((block) => block !== '');
}

/** The text that `blockListText` holds for exactly `block`, to look it up with `strpos`. */
export function blockNeedle(block: string): string {
  return `/${block}/`;
}

/** The columns each store keeps an annotation in, as read back: times in microseconds, nulls for what is absent. */
export interface AnnotationColumns {
  id: string;
  ts: number;
  end_ts: number | null;
  kind: string;
  controller: string | null;
  blocks: string;
  detail: string;
}

/** An annotation read back from its columns. */
export function annotationOfColumns(row: AnnotationColumns): Annotation {
  return {
    id: row.id,
    ts: row.ts,
    ...(row.end_ts === null ? {} : { endTs: row.end_ts }),
    kind: row.kind as AnnotationKind,
    ...(row.controller === null ? {} : { controller: row.controller }),
    blocks: blocksOfText(row.blocks),
    detail: JSON.parse(row.detail) as AnnotationDetail,
  };
}
