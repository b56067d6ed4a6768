import { formatForUnit } from '@eventcast/block-model';
import { NO_UNIT, unitOf } from '../../common/units';

/** The cells of a CSV line as RFC 4180 writes them: separated by commas, `"` quoting and doubled inside quotes. */
export function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted && char === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') quoted = !quoted;
    else if (char === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

/**
 * A history CSV export (a `time` column, then a column per field named by the field) with each
 * value rounded as the page shows it (`formatForUnit` by the field's `[unit]` postfix); the header,
 * the times and empty cells are kept as they are.
 */
export function roundCsv(text: string): string {
  const lines = text.split('\r\n');
  const units = csvCells(lines[0]).map((field) => unitOf(field));
  const rounded = lines.slice(1).map((line) =>
    line
      .split(',')
      .map((cell, i) => {
        const value = Number(cell);
        if (i === 0 || cell === '' || !Number.isFinite(value)) return cell;
        return formatForUnit(value, units[i] === NO_UNIT ? undefined : units[i]);
      })
      .join(','),
  );
  return [lines[0], ...rounded].join('\r\n');
}
