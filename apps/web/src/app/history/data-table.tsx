import { rowsWithValues, type AlignedColumns } from './series';
import { formatValue } from '../../common/units';

interface DataTableProps {
  columns: AlignedColumns;
  labels: readonly string[];
  /** The unit of each field's values, in the order of `labels`. */
  units: readonly string[];
}

/**
 * The graph's data as a table: a row per time that holds a value, a column per field with its
 * values rounded and their unit, an empty cell for a gap.
 */
export function DataTable({ columns, labels, units }: DataTableProps) {
  const [times, ...values] = columns;
  const rows = rowsWithValues(columns);
  return (
    <div class="table-scroll" tabIndex={0}>
      <table class="data" aria-label="Graph data">
        <thead>
          <tr>
            <th scope="col">Time</th>
            {labels.map((label, i) => (
              <th scope="col" key={i}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((i) => (
            <tr key={times[i]}>
              <td>{new Date(Math.round(times[i] * 1000)).toISOString()}</td>
              {values.map((column, j) => (
                <td key={j}>{typeof column[i] === 'number' ? formatValue(column[i], units[j]) : ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
