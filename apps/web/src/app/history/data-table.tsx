import { rowsWithValues, type AlignedColumns } from './series';

/** The graph's data as a table: a row per time that holds a value, a column per field, an empty cell for a gap. */
export function DataTable({ columns, labels }: { columns: AlignedColumns; labels: readonly string[] }) {
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
                <td key={j}>{typeof column[i] === 'number' ? String(column[i]) : ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
