/** One row of a Markdown table: cell text by column header. */
export type TableRow = Record<string, string>;

/**
 * The first table below the heading `heading` (e.g. `## Services`) of a Markdown document.
 * Throws when there is no such heading or no table under it, so that a renamed section fails loudly.
 */
export function tableUnder(markdown: string, heading: string): TableRow[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === heading);
  if (start < 0) throw new Error(`no heading "${heading}"`);
  const section = lines.slice(start + 1);
  const end = section.findIndex((line) => /^#{1,6} /.test(line));
  const tableLines = (end < 0 ? section : section.slice(0, end)).filter((line) => line.trim().startsWith('|'));
  if (tableLines.length < 3) throw new Error(`no table under "${heading}"`);
  const [header, , ...rows] = tableLines.map(cells);
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])));
}

/** The `code` spans of a table cell, in order: `a`, `b` -> ['a', 'b']. */
export function codeSpans(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
}

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}
