import { Injectable } from '@nestjs/common';
import { BadRequestError, DAY_US, StoreUnavailableError } from '@eventcast/domain';
import {
  Annotation,
  ANNOTATION_KINDS,
  AnnotationKind,
  AnnotationScope,
  formatIsoMicros,
  MAX_SPAN_US,
  nowMicros,
  TimeSeriesStore,
} from '@eventcast/time-series-store';
import { fieldOwner } from '@eventcast/live-stream';
import { HistoryIngestService } from '../ingest/history-ingest.service';
import { resolveTimeRange } from '../time-series/time-range.util';
import { parseTime } from '../time-series/time.util';
import { AnnotationDto } from './dto/annotation.dto';
import { AnnotationsQueryDto } from './dto/annotations-query.dto';
import { NewNoteDto } from './dto/new-note.dto';

const DEFAULT_DURATION = '1d';
const DEFAULT_LIMIT = 1_000;
export const MAX_ANNOTATIONS_LIMIT = 10_000;
/** The most fields, controllers and blocks one query may name together. */
export const MAX_SCOPES = 1_000;

/**
 * Annotations: the controllers' changes that ingest keeps, and users' notes (docs/history.md,
 * "Annotations"). Bad input throws a `BadRequestError` naming the problem.
 */
@Injectable()
export class AnnotationsService {
  constructor(
    private readonly store: TimeSeriesStore,
    private readonly ingest: HistoryIngestService,
  ) {}

  async list(query: AnnotationsQueryDto): Promise<AnnotationDto[]> {
    const { fromUs, toUs } = resolveTimeRange(query, nowMicros(), DEFAULT_DURATION);
    const scopes = [
      ...listOf(query.field).map(scopeOfField),
      ...listOf(query.controller).map((controller) => ({ controller })),
      ...listOf(query.block).map(scopeOfBlock),
    ];
    if (scopes.length > MAX_SCOPES)
      throw new BadRequestError(`name at most ${MAX_SCOPES} fields, controllers and blocks together`);
    const kinds = listOf(query.kind).map(kindOf);
    const annotations = await this.store.annotations({
      fromUs,
      toUs,
      limit: limitOf(query.limit),
      ...(scopes.length > 0 ? { scopes } : {}),
      ...(kinds.length > 0 ? { kinds } : {}),
    });
    return annotations.map(annotationDto);
  }

  /** Keeps a note; it can be read once the store has written it, a moment later. */
  addNote(note: NewNoteDto): AnnotationDto {
    const ts = note.time === undefined ? undefined : parseTime(note.time, 'time');
    const endTs = note.end === undefined ? undefined : parseTime(note.end, 'end');
    if (ts !== undefined && ts < 0) throw new BadRequestError('time must not be before 1970');
    const startTs = ts ?? nowMicros();
    if (endTs !== undefined && endTs < startTs) throw new BadRequestError('end must not be before time');
    if (endTs !== undefined && endTs - startTs > MAX_SPAN_US)
      throw new BadRequestError(`a note spans at most ${MAX_SPAN_US / DAY_US} days`);
    if (note.block !== undefined && note.controller === undefined)
      throw new BadRequestError('a block needs its controller');
    const { outcome, annotation } = this.ingest.annotate({
      kind: 'note',
      ...(ts === undefined ? {} : { ts }),
      ...(endTs === undefined ? {} : { endTs }),
      ...(note.controller === undefined ? {} : { controller: note.controller }),
      blocks: note.block === undefined ? [] : [note.block],
      detail: { text: note.text },
    });
    if (!outcome.taken) throw new StoreUnavailableError(`the note was not kept: ${outcome.reason}`);
    return annotationDto(annotation);
  }
}

/** The annotations of a field are those of the block that published it: `<controller>/<block>/...`. */
export function scopeOfField(field: string): AnnotationScope {
  return fieldOwner(field);
}

function scopeOfBlock(text: string): AnnotationScope {
  const at = text.indexOf('/');
  if (at <= 0 || at === text.length - 1)
    throw new BadRequestError(`block must read <controller>/<block id> (got ${JSON.stringify(text)})`);
  return { controller: text.slice(0, at), block: text.slice(at + 1) };
}

function kindOf(text: string): AnnotationKind {
  if (!ANNOTATION_KINDS.includes(text as AnnotationKind))
    throw new BadRequestError(`kind must be one of ${ANNOTATION_KINDS.join(', ')} (got ${JSON.stringify(text)})`);
  return text as AnnotationKind;
}

function limitOf(text: string | undefined): number {
  if (text === undefined) return DEFAULT_LIMIT;
  const limit = Number(text);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_ANNOTATIONS_LIMIT)
    throw new BadRequestError(
      `limit must be a whole number from 1 to ${MAX_ANNOTATIONS_LIMIT} (got ${JSON.stringify(text)})`,
    );
  return limit;
}

function listOf(value: string | string[] | undefined): string[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

export function annotationDto(annotation: Annotation): AnnotationDto {
  const { changes, origin, text } = annotation.detail;
  return {
    id: annotation.id,
    time: formatIsoMicros(annotation.ts),
    ...(annotation.endTs === undefined ? {} : { end: formatIsoMicros(annotation.endTs) }),
    kind: annotation.kind,
    ...(annotation.controller === undefined ? {} : { controller: annotation.controller }),
    blocks: [...annotation.blocks],
    ...(changes === undefined ? {} : { changes }),
    ...(origin === undefined ? {} : { origin }),
    ...(text === undefined ? {} : { text }),
  };
}
