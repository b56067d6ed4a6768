import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type uPlot from 'uplot';
import { dataOf } from '../../services/api';
import { download } from '../../ui/download';
import { EditInput } from '../../ui/edit-input';
import { useElementWidth } from '../../ui/use-element-width';
import { useSameList } from '../../ui/use-same-list';
import { useConnection } from '../services-context';
import { formatWidth } from './bucket';
import { defaultColour } from './colours';
import { roundCsv } from './csv-rounding';
import { DataTable } from './data-table';
import { exportFileName, type ExportSubject } from './export-name';
import { Graph, type GraphLine } from './graph';
import { graphImage } from './graph-image';
import { alignSeries, convertSeries, joinSeries, seriesOf } from './series';
import { unitVariants, variantConversion } from './unit-variants';
import { assignAxes, axisOfField, unitOf } from './units';
import { useGraphData } from './use-graph-data';
import type { AxisRange, ViewState } from './view-state';

const RESOLUTIONS: Record<string, string> = { raw: 'raw values', '1m': 'minute rollups', '1h': 'hour rollups' };

interface GraphPanelProps {
  view: ViewState;
  /** The name of the saved view the page shows, if it shows one: exports are named by it. */
  viewName?: string;
  /** The span the user zoomed or panned to, if any (see `useZoom`). */
  zoom?: { from: number; to: number };
  /** The user zoomed or panned to a span, or went back to the range (undefined). */
  onZoom: (span?: { from: number; to: number }) => void;
  onYRange: (axis: string, range: AxisRange) => void;
}

/** The graph of the view's fields with its toolbar, Y ranges and data table. */
export function GraphPanel({ view, viewName, zoom, onZoom, onYRange }: GraphPanelProps) {
  const { services } = useConnection();
  const figure = useRef<HTMLElement>(null);
  const chart = useRef<uPlot | undefined>();
  const [box, width] = useElementWidth<HTMLDivElement>();
  const [table, setTable] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [exportProblem, setExportProblem] = useState('');
  const [roundedCsv, setRoundedCsv] = useState(false);
  const names = useSameList(view.fields.map((field) => field.name));
  // Every stored name of each field: a temperature field goes on under a new name after a unit switch.
  const stored = useMemo(() => [...new Set(names.flatMap(unitVariants))], [names]);
  // About one bucket per pixel, in steps of 50 so a small resize does not load the graph again;
  // nothing is loaded before the graph has a width.
  const points = width > 0 ? Math.max(50, Math.round(width / 50) * 50) : 0;
  const data = useGraphData(stored, view.range, zoom, points);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === figure.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const lines: GraphLine[] = useMemo(
    () =>
      view.fields.map((field, i) => ({
        label: field.label || field.name,
        colour: field.colour ?? defaultColour(i),
        axis: axisOfField(field),
      })),
    [view.fields],
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
  const shown = zoom ?? data.span;
  const exported: ExportSubject = { viewName, fieldLabels: lines.map((line) => line.label), span: shown };

  const exportCsv = async () => {
    setExportProblem('');
    // Each stored name the graph drew from is a column of its own, as stored.
    const drawn = stored.filter((name) => (data.series[data.fields.indexOf(name)]?.times.length ?? 0) > 0);
    const fields = drawn.length > 0 ? drawn : [...names];
    try {
      const blob = await dataOf(
        services.history.POST('/timeseries/csv', {
          body: { fields, start: Math.floor(shown.from), end: Math.ceil(shown.to), precision: 'ISO8601' },
          parseAs: 'blob',
        }),
      );
      const csv = blob as unknown as Blob;
      download(
        roundedCsv ? new Blob([roundCsv(await csv.text())], { type: csv.type }) : csv,
        exportFileName(exported, 'csv'),
      );
    } catch (error) {
      setExportProblem(`CSV export failed: ${(error as Error).message}`);
    }
  };
  const exportPng = () => {
    const canvas = chart.current?.ctx.canvas;
    if (!canvas) return;
    const title = viewName ?? lines.map((line) => line.label).join(', ');
    graphImage(canvas, { title, legend: lines, span: shown }).toBlob(
      (blob) => blob && download(blob, exportFileName(exported, 'png')),
      'image/png',
    );
  };
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void figure.current?.requestFullscreen();
  };
  const pan = (direction: number) => {
    const step = ((shown.to - shown.from) / 2) * direction;
    onZoom({ from: shown.from + step, to: shown.to + step });
  };
  const height = fullscreen ? Math.max(240, window.innerHeight - 220) : Math.max(220, Math.min(420, width * 0.5));

  return (
    <section ref={figure} class={`panel graph-panel${fullscreen ? ' fullscreen' : ''}`} aria-labelledby="graph-title">
      <h2 id="graph-title">Graph</h2>
      <div class="toolbar">
        <span class="bucket">
          {data.bucketMs > 0 ? `Bucket: ${formatWidth(data.bucketMs)}` : 'Bucket: –'}
          {data.resolution && <span class="hint"> (from {RESOLUTIONS[data.resolution] ?? data.resolution})</span>}
        </span>
        <span role="status" class="live">
          {data.live && !zoom ? 'Live' : data.loading ? 'Loading…' : ''}
        </span>
        <button type="button" onClick={() => pan(-1)} disabled={names.length === 0}>
          Pan back
        </button>
        <button type="button" onClick={() => pan(1)} disabled={names.length === 0}>
          Pan forward
        </button>
        <button type="button" onClick={() => onZoom(undefined)} disabled={!zoom}>
          Reset zoom
        </button>
        <button type="button" onClick={toggleFullscreen} aria-pressed={fullscreen}>
          Fullscreen
        </button>
        <button type="button" onClick={() => void exportCsv()} disabled={names.length === 0}>
          Export CSV
        </button>
        <label class="csv-rounding">
          <input
            type="checkbox"
            checked={roundedCsv}
            onChange={(event) => setRoundedCsv(event.currentTarget.checked)}
          />
          Round values in the CSV
        </label>
        <button type="button" onClick={exportPng} disabled={names.length === 0}>
          Export PNG
        </button>
        <button type="button" aria-pressed={table} onClick={() => setTable(!table)}>
          Show data as table
        </button>
      </div>
      {(data.error || exportProblem) && (
        <p role="alert" class="problem">
          {data.error ? `Could not load the graph: ${data.error}` : exportProblem}
        </p>
      )}
      <div ref={box} role="figure" aria-label="Graph" class="figure">
        {width > 0 && (
          <Graph
            columns={columns}
            lines={lines}
            axes={axes}
            yRanges={view.yRanges}
            span={shown}
            width={width}
            height={height}
            onZoom={(from, to) => onZoom({ from, to })}
            chartRef={chart}
          />
        )}
      </div>
      <p class="hint">
        Drag across the graph to zoom in, Shift + drag to pan; or use Pan back, Pan forward and Reset zoom.
      </p>
      {axes.length > 0 && (
        <fieldset class="y-ranges">
          <legend>Y range (empty: automatic)</legend>
          {axes.map(({ key }) => (
            <span key={key} class="y-range">
              <label>
                {`Y min (${key})`}
                <EditInput
                  type="number"
                  step="any"
                  value={String(view.yRanges[key]?.min ?? '')}
                  onEdit={(text) => onYRange(key, { ...view.yRanges[key], min: numberOf(text) })}
                />
              </label>
              <label>
                {`Y max (${key})`}
                <EditInput
                  type="number"
                  step="any"
                  value={String(view.yRanges[key]?.max ?? '')}
                  onEdit={(text) => onYRange(key, { ...view.yRanges[key], max: numberOf(text) })}
                />
              </label>
            </span>
          ))}
        </fieldset>
      )}
      {table && (
        <DataTable
          columns={columns}
          labels={lines.map((line) => line.label)}
          units={view.fields.map((field) => unitOf(field.name))}
        />
      )}
    </section>
  );
}

function numberOf(text: string): number | undefined {
  const number = Number(text);
  return text.trim() === '' || !Number.isFinite(number) ? undefined : number;
}
