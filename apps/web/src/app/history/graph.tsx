import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { themeColour, useColourScheme } from '../../ui/colour-scheme';
import { LINE_WIDTH, lineWidth, pointsBetween } from './line-width';
import { panPlugin } from './pan';
import type { AlignedColumns } from './series';
import type { Axis } from '../../common/units';
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
  /** The user clicked the plot (without dragging) at `at` (epoch ms). */
  onPick?: (at: number) => void;
  /** The chart has drawn: its span, size or data changed. */
  onDraw?: () => void;
  /** Holds the uPlot instance (for the PNG export) while there is one. */
  chartRef?: { current?: uPlot };
}

/**
 * The uPlot chart on canvas. It is made again only when its lines or axes change (the caller keeps
 * them the same objects otherwise); new data, a new span, Y ranges or a new size only redraw it.
 */
export function Graph({
  columns,
  lines,
  axes,
  yRanges,
  span,
  width,
  height,
  onZoom,
  onPick,
  onDraw,
  chartRef,
}: GraphProps) {
  const holder = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot>();
  // A new chart when the system's colour scheme changes: its axes are drawn in the scheme's colours.
  const scheme = useColourScheme();
  // What a new chart starts from and its callbacks read: the props of the latest render.
  const latest = useRef({ columns, yRanges, span, width, height, onZoom, onPick, onDraw });
  useLayoutEffect(() => {
    latest.current = { columns, yRanges, span, width, height, onZoom, onPick, onDraw };
  });

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const zoomTo = (from: number, to: number) => latest.current.onZoom(from, to);
    const text = themeColour('--muted');
    const grid = themeColour('--line');
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
        { stroke: text, grid: { stroke: grid }, ticks: { stroke: grid } },
        ...axes.map(({ key, side }) => ({
          scale: key,
          side: side === 'left' ? 3 : 1,
          label: key,
          stroke: text,
          grid: { show: side === 'left', stroke: grid },
          ticks: { stroke: grid },
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
        draw: [() => performance.mark('eventcast:graph-drawn'), () => latest.current.onDraw?.()],
        ready: [(u: uPlot) => listenForPicks(u, (at) => latest.current.onPick?.(at))],
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
      plugins: [panPlugin(zoomTo, () => latest.current.span)],
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
  }, [lines, axes, chartRef, scheme]);

  // Before the browser paints: the range inputs and the chart show a new span in the same frame, so a
  // drag that starts right after Apply pans the span the inputs read.
  useLayoutEffect(() => {
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

/** The farthest (CSS px) a pointer may move between press and release for a click rather than a drag. */
const CLICK_SLOP_PX = 3;

/** Calls `onPick` with the time under the pointer when the plot is clicked without a drag or Shift (a pan). */
function listenForPicks(chart: uPlot, onPick: (at: number) => void): void {
  let down: MouseEvent | undefined;
  chart.over.addEventListener('mousedown', (event) => (down = event));
  chart.over.addEventListener('click', (event) => {
    const moved = down ? Math.abs(event.clientX - down.clientX) + Math.abs(event.clientY - down.clientY) : 0;
    if (event.shiftKey || moved > CLICK_SLOP_PX || event.target !== chart.over) return;
    onPick(Math.round(chart.posToVal(event.offsetX, 'x') * 1000));
  });
}
