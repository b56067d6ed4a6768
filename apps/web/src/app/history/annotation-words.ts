import type { HistorySchemas } from '@eventcast/api-client';
import { fieldLabel, fieldValueText } from '../../common/field-words';

/** An annotation as `/history/annotations` answers it. */
export type Annotation = HistorySchemas['AnnotationDto'];

/** The groups a user shows or hides on the graph. */
export type AnnotationGroup = 'changes' | 'backups' | 'starts' | 'notes';

/** The groups in the order the graph's filter lists them, with their labels. */
export const ANNOTATION_GROUPS: ReadonlyArray<{ group: AnnotationGroup; label: string }> = [
  { group: 'changes', label: 'Block changes' },
  { group: 'backups', label: 'Backups loaded' },
  { group: 'starts', label: 'Starts, stops and outages' },
  { group: 'notes', label: 'Notes' },
];

export function groupOf(annotation: Annotation): AnnotationGroup {
  switch (annotation.kind) {
    case 'note':
      return 'notes';
    case 'backup loaded':
      return 'backups';
    case 'started':
    case 'stopped':
    case 'offline':
      return 'starts';
    default:
      return 'changes';
  }
}

const VERBS: Record<string, string> = {
  created: 'created',
  written: 'written',
  patched: 'changed',
  deleted: 'deleted',
  discovered: 'discovered',
};

/**
 * What happened, in one line: `Beer setpoint changed by quick action Cold crash`,
 * `fermenter started`, `Backup loaded on fermenter: 9 blocks`, or a note's first line.
 */
export function annotationTitle(annotation: Annotation): string {
  if (annotation.kind === 'note') return firstLine(annotation.text ?? '');
  const by = annotation.origin?.by ? ` by ${annotation.origin.by}` : '';
  const controller = annotation.controller ?? '';
  switch (annotation.kind) {
    case 'started':
    case 'stopped':
      return `${controller} ${annotation.kind}${by}`;
    case 'offline':
      return `${controller} went offline without stopping`;
    case 'backup loaded': {
      const count = annotation.blocks.length;
      return `Backup loaded on ${controller}: ${count} ${count === 1 ? 'block' : 'blocks'}${by}`;
    }
    default:
      return `${annotation.blocks.join(', ') || controller} ${VERBS[annotation.kind] ?? annotation.kind}${by}`;
  }
}

/**
 * Each setting a change touched, from what to what, in the words and units of the block's form:
 * `Beer setpoint · Setpoint: 20.00 °C → 4.00 °C`; a note's whole text.
 */
export function annotationDetails(annotation: Annotation): string[] {
  if (annotation.kind === 'note') return (annotation.text ?? '').split('\n');
  return (annotation.changes ?? []).flatMap((block) => {
    if (block.change !== 'changed' || block.fields.length === 0) return [`${block.id}: ${block.change}`];
    return block.fields.map(
      ({ field, from, to }) =>
        `${block.id} · ${fieldLabel(block.type, field)}: ${fieldValueText(block.type, field, from)} → ${fieldValueText(block.type, field, to)}`,
    );
  });
}

/** Where the change came from, when it says: `through the REST API`, `through MQTT`. */
export function annotationSource(annotation: Annotation): string {
  switch (annotation.origin?.via) {
    case 'rest':
      return 'through the REST API';
    case 'mqtt':
      return 'through MQTT';
    case 'controller':
      return 'by the controller itself';
    default:
      return '';
  }
}

function firstLine(text: string): string {
  const line = text.split('\n')[0];
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
