import {
  BlockChange,
  ChangeKind,
  CONTROLLER_CHANGE_EVENT_TYPE,
  SERVICE_ID_PATTERN,
  SERVICE_ID_RULE,
} from '@eventcast/domain';
import { Annotation, ANNOTATION_KINDS, AnnotationKind } from '@eventcast/time-series-store';

/** An annotation without its id and time, which the service gives it as it takes it. */
export type AnnotationContent = Omit<Annotation, 'id' | 'ts'>;

/** A change event read as an annotation, or why it is not one. */
export type ChangeEventReading = { ok: true; content: AnnotationContent } | { ok: false; reason: string };

const VIAS = ['rest', 'mqtt', 'controller'];
/** The kinds a change event has: the service records `offline` and `note` itself. */
const CHANGE_KINDS = ANNOTATION_KINDS.filter((kind) => kind !== 'note' && kind !== 'offline');
const BLOCK_CHANGES = ['created', 'changed', 'deleted'];

/**
 * Reads a controller's change event (docs/events.md, "Change event") as the annotation of its
 * controller, naming the blocks it touched. What the event says of each block is kept as it came.
 */
export function readChangeEvent(payload: unknown): ChangeEventReading {
  if (!isObject(payload)) return problem('the payload is not a JSON object');
  const { key, type, data } = payload;
  if (typeof key !== 'string' || !SERVICE_ID_PATTERN.test(key))
    return problem(`key must be a controller's id: ${SERVICE_ID_RULE}`);
  if (type !== CONTROLLER_CHANGE_EVENT_TYPE) return problem(`type must be ${CONTROLLER_CHANGE_EVENT_TYPE}`);
  if (!isObject(data)) return problem('data must be an object');
  const { kind, blocks, origin } = data;
  if (!CHANGE_KINDS.includes(kind as ChangeKind)) return problem(`data.kind must be one of ${CHANGE_KINDS.join(', ')}`);
  if (!Array.isArray(blocks) || !blocks.every(isBlockChange))
    return problem('data.blocks must be a list of block changes, each with an id, a type, a change and its fields');
  if (!isObject(origin) || !VIAS.includes(origin.via as string) || !['string', 'undefined'].includes(typeof origin.by))
    return problem(`data.origin must say via ${VIAS.join(', ')} and may say by whom`);
  return {
    ok: true,
    content: {
      kind: kind as AnnotationKind,
      controller: key,
      blocks: [...new Set(blocks.map((block) => block.id))],
      detail: {
        changes: blocks,
        origin: origin.by === undefined ? { via: origin.via } : { via: origin.via, by: origin.by },
      },
    } as AnnotationContent,
  };
}

function isBlockChange(value: unknown): value is BlockChange {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    !value.id.includes('/') &&
    typeof value.type === 'string' &&
    BLOCK_CHANGES.includes(value.change as string) &&
    Array.isArray(value.fields) &&
    value.fields.every((field) => isObject(field) && typeof field.field === 'string')
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function problem(reason: string): ChangeEventReading {
  return { ok: false, reason };
}
