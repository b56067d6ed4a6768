import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { LINE_WIDTH, lineWidth, pointsBetween } from './line-width';
import { panPlugin } from './pan';
import type { AlignedColumns } from './series';
import type { Axis } from './units';
import type { AxisRange } from './view-state';

/** A line of the graph: its label, colour and the axis (unit) it is drawn against. */
export interface GraphLine {
  label: string;
  colour: string;
  axis: string;
}

interface GraphProps {
  columns: AlignedColumns;
  lines: readonly GraphLine[];
  axes: readonly Axis[];
  yRanges: Readonly<Record<string, AxisRange>>;
  /** The time span shown (epoch ms), whatever the data covers. */
  span: { from: number; to: number };
  width: number;
  height: number;
  /** The user dragged over the span from `from` to `to` (epoch ms). */
  onZoom: (from: number, to: number) => void;
  /** Holds the uPlot instance (for the PNG export) while there is one. */
  chartRef?: { current?: uPlot };
}

/**
 * The uPlot chart on canvas. It is made again only when its lines or axes change (the caller keeps
 * them the same objects otherwise); new data, a new span, Y ranges or a new size only redraw it.
 */
export function Graph({ columns, lines, axes, yRanges, span, width, height, onZoom, chartRef }: GraphProps) {
  const holder = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot>();
  // What a new chart starts from and its callbacks read: the props of the latest render.
  const latest = useRef({ columns, yRanges, span, width, height, onZoom });
  useLayoutEffect(() => {
    latest.current = { columns, yRanges, span, width, height, onZoom };
  });

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const zoomTo = (from: number, to: number) => latest.current.onZoom(from, to);
    const options: uPlot.Options = {
      width: latest.current.width,
      height: latest.current.height,
      scales: {
        x: { time: true, range: () => [latest.current.span.from / 1000, latest.current.span.to / 1000] },
        ...Object.fromEntries(
          axes.map(({ key }) => [
            key,
            {
              range: (_u: uPlot, min: number | null, max: number | null): uPlot.Range.MinMax => {
                const auto = min === null || max === null ? [0, 1] : uPlot.rangeNum(min, max, 0.1, true);
                const manual = latest.current.yRanges[key] ?? {};
                return [manual.min ?? auto[0], manual.max ?? auto[1]];
              },
            },
          ]),
        ),
      },
      axes: [
        {},
        ...axes.map(({ key, side }) => ({
          scale: key,
          side: side === 'left' ? 3 : 1,
          label: key,
          grid: { show: side === 'left' },
        })),
      ],
      series: [
        {},
        ...lines.map(({ label, colour, axis }) => ({
          label,
          stroke: colour,
          scale: axis,
          width: LINE_WIDTH,
          spanGaps: false,
        })),
      ],
      cursor: { drag: { x: true, y: false, setScale: false } },
      hooks: {
        drawClear: [fitLineWidths],
        // A mark per drawing, for the benchmarks' click-to-drawn times.
        draw: [() => performance.mark('eventcast:graph-drawn')],
        setSelect: [
          (u: uPlot) => {
            if (u.select.width < 2) return;
            const from = u.posToVal(u.select.left, 'x') * 1000;
            const to = u.posToVal(u.select.left + u.select.width, 'x') * 1000;
            u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
            zoomTo(Math.round(from), Math.round(to));
          },
        ],
      },
      plugins: [panPlugin(zoomTo)],
      legend: { live: true },
    };
    const created = new uPlot(options, latest.current.columns as uPlot.AlignedData, element);
    chart.current = created;
    if (chartRef) chartRef.current = created;
    return () => {
      created.destroy();
      chart.current = undefined;
      if (chartRef) chartRef.current = undefined;
    };
  }, [lines, axes, chartRef]);

  useEffect(() => {
    chart.current?.setData(columns as uPlot.AlignedData);
  }, [columns, span, yRanges]);

  useEffect(() => {
    chart.current?.setSize({ width, height });
  }, [width, height]);

  return <div ref={holder} class="chart" />;
}

/** Sets each line's width for the points it shows now ({@link lineWidth}), before uPlot draws them. */
function fitLineWidths(chart: uPlot): void {
  const [first, last] = chart.series[0].idxs ?? [null, null];
  if (first === null || last === null) return;
  chart.data.forEach((column, i) => {
    if (i > 0 && chart.series[i]) {
      chart.series[i].width = lineWidth(pointsBetween(column, first, last), chart.bbox.width, uPlot.pxRatio);
    }
  });
}
