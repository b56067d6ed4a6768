import { annotationDetails, annotationTitle, type Annotation } from './annotation-words';

/** What one annotation says in an export: its title, then what it changed. */
export function annotationText(annotation: Annotation): string {
  const details = annotationDetails(annotation);
  const title = annotationTitle(annotation);
  return annotation.kind === 'note' || details.length === 0
    ? details.join(' ') || title
    : `${title}: ${details.join('; ')}`;
}

/**
 * A history CSV export (times as ISO 8601, `time` first) with a last column `annotation`: each
 * annotation is a row of its own at its time, its value cells empty, in time order among the values.
 * Without annotations the export stays as it is.
 */
export function csvWithAnnotations(text: string, annotations: readonly Annotation[]): string {
  if (annotations.length === 0) return text;
  const [header, ...rows] = text.split('\r\n').filter((line) => line !== '');
  const emptyValues = ','.repeat(header.split(',').length - 1);
  const notes = [...annotations]
    .sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0))
    .map((annotation) => ({
      time: annotation.time,
      line: `${annotation.time}${emptyValues},${csvText(annotationText(annotation))}`,
    }));
  const lines = [`${header},annotation`];
  let next = 0;
  for (const row of rows) {
    const time = row.slice(0, row.indexOf(','));
    while (next < notes.length && notes[next].time < time) lines.push(notes[next++].line);
    lines.push(`${row},`);
  }
  for (; next < notes.length; next++) lines.push(notes[next].line);
  return `${lines.join('\r\n')}\r\n`;
}

/** `text` as one RFC 4180 cell. */
function csvText(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}
