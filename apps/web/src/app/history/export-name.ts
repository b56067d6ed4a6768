import { fileNameTime } from '../../ui/download';

/** The longest name part of an export's file name, before its span. */
const MAX_NAME = 48;
/** Fields named in a file name before the rest are counted (`beer+pressure+3-more`). */
const FIELDS_NAMED = 2;

/** What an export is of: the open saved view's name, else the labels (or names) of its fields, and its span. */
export interface ExportSubject {
  viewName?: string;
  fieldLabels: readonly string[];
  span: { from: number; to: number };
}

/**
 * The file name of an export (`Fermenter-1_2026-11-26T03-30-00Z_2026-11-27T03-30-00Z.png`): the saved
 * view's name, else its fields, then the span in UTC; only letters, digits, `-`, `+` and `_`, so every
 * system takes it.
 */
export function exportFileName(
  { viewName, fieldLabels, span }: ExportSubject,
  extension: 'csv' | 'png' | 'html',
): string {
  const name = viewName?.trim() ? safe(viewName) : fieldsPart(fieldLabels);
  const from = fileNameTime(new Date(span.from));
  const to = fileNameTime(new Date(span.to));
  return `${name || 'history'}_${from}_${to}.${extension}`;
}

function fieldsPart(labels: readonly string[]): string {
  const named = labels.slice(0, FIELDS_NAMED).map(safe);
  const rest = labels.length - named.length;
  return [...named, ...(rest > 0 ? [`${rest}-more`] : [])].join('+').slice(0, MAX_NAME);
}

function safe(text: string): string {
  return text
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_NAME)
    .replace(/-+$/, '');
}
