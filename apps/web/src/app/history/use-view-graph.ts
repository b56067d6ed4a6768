import { useMemo } from 'preact/hooks';
import { useSameList } from '../../ui/use-same-list';
import { defaultColour } from './colours';
import type { GraphLine } from './graph';
import { alignSeries, convertSeries, joinSeries, seriesOf, type AlignedColumns } from './series';
import { unitVariants, variantConversion } from '../../common/unit-variants';
import { assignAxes, axisOfField, type Axis } from '../../common/units';
import { useGraphData, type GraphData } from './use-graph-data';
import type { FieldView, ViewRange } from './view-state';

/** What a graph of a view's fields draws: its data, lines and axes, and the columns uPlot takes. */
export interface ViewGraph {
  /** The fields' names, the same list while they are the same. */
  names: readonly string[];
  /** Every stored name of each field: a temperature field goes on under a new name after a unit switch. */
  stored: readonly string[];
  data: GraphData;
  lines: GraphLine[];
  axes: Axis[];
  columns: AlignedColumns;
}

/**
 * The graph of `fields` over `range` (or `zoom`) at `width` pixels, as the explorer and the
 * dashboards' graph widget draw it; nothing is loaded before the graph has a width.
 */
export function useViewGraph(
  fields: readonly FieldView[],
  range: ViewRange,
  zoom: { from: number; to: number } | undefined,
  width: number,
): ViewGraph {
  const names = useSameList(fields.map((field) => field.name));
  const stored = useMemo(() => [...new Set(names.flatMap(unitVariants))], [names]);
  // About one bucket per pixel, in steps of 50 so a small resize does not load the graph again.
  const points = width > 0 ? Math.max(50, Math.round(width / 50) * 50) : 0;
  const data = useGraphData(stored, range, zoom, points);
  const lines: GraphLine[] = useMemo(
    () =>
      fields.map((field, i) => ({
        label: field.label || field.name,
        colour: field.colour ?? defaultColour(i),
        axis: axisOfField(field),
      })),
    [fields],
  );
  const axes = useMemo(() => assignAxes(lines.map((line) => line.axis)), [lines]);
  // Until the data of newly chosen fields arrives, they are drawn empty.
  const columns = useMemo(() => {
    const storedSeries = (name: string) => data.series[data.fields.indexOf(name)] ?? seriesOf([]);
    const series = names.map((name) =>
      joinSeries(
        unitVariants(name).map((variant) => convertSeries(storedSeries(variant), variantConversion(variant, name))),
      ),
    );
    return alignSeries(series, data.bucketMs);
  }, [data.series, data.fields, data.bucketMs, names]);
  return { names, stored, data, lines, axes, columns };
}
