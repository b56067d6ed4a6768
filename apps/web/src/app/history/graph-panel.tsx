import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type uPlot from 'uplot';
import { dataOf } from '../../services/api';
import { download } from '../../ui/download';
import { EditInput } from '../../ui/edit-input';
import { useElementWidth } from '../../ui/use-element-width';
import { useConnection } from '../services-context';
import { csvWithAnnotations } from './annotation-export';
import { AnnotationMarkers, AnnotationPopover, DrawSignal, NoteForm } from './annotation-layer';
import { ANNOTATION_GROUPS, groupOf, type AnnotationGroup } from './annotation-words';
import { formatWidth } from './bucket';
import { roundCsv } from './csv-rounding';
import { DataTable } from './data-table';
import { exportFileName, type ExportSubject } from './export-name';
import { Graph } from './graph';
import { graphImage } from './graph-image';
import { unitOf } from '../../common/units';
import { useAnnotations } from './use-annotations';
import { useViewGraph } from './use-view-graph';
import { formatViewState, type AxisRange, type ViewState } from './view-state';

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
  const { names, stored, data, lines, axes, columns } = useViewGraph(view.fields, view.range, zoom, width);
  const shown = zoom ?? data.span;
  const notes = useAnnotations(stored, shown, data.live && !zoom);
  const [groups, setGroups] = useState<ReadonlySet<AnnotationGroup>>(ALL_GROUPS);
  const [inExports, setInExports] = useState(true);
  const [openAnnotations, setOpenAnnotations] = useState<readonly string[]>([]);
  const [noteAt, setNoteAt] = useState<number>();
  const [drawn] = useState(() => new DrawSignal());
  const annotations = useMemo(
    () => notes.annotations.filter((annotation) => groups.has(groupOf(annotation))),
    [notes.annotations, groups],
  );
  const opened = annotations.filter((annotation) => openAnnotations.includes(annotation.id));
  const annotationsOfSpan = () =>
    annotations.filter((annotation) => {
      const at = Date.parse(annotation.time);
      return at <= shown.to && Date.parse(annotation.end ?? annotation.time) >= shown.from;
    });
  const saveNote = async (text: string) => {
    if (noteAt === undefined) return undefined;
    try {
      await dataOf(services.history.POST('/annotations', { body: { text, time: noteAt } }));
    } catch (error) {
      return `The note was not saved: ${(error as Error).message}`;
    }
    setNoteAt(undefined);
    notes.reload();
    return undefined;
  };

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === figure.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

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
      const text = roundedCsv ? roundCsv(await csv.text()) : await csv.text();
      const withNotes = inExports ? csvWithAnnotations(text, annotationsOfSpan()) : text;
      download(new Blob([withNotes], { type: csv.type }), exportFileName(exported, 'csv'));
    } catch (error) {
      setExportProblem(`CSV export failed: ${(error as Error).message}`);
    }
  };
  const exportPng = () => {
    const canvas = chart.current?.ctx.canvas;
    if (!canvas) return;
    const title = viewName ?? lines.map((line) => line.label).join(', ');
    const marks = inExports
      ? annotationsOfSpan().map((annotation) => ({
          x: chart.current?.valToPos(Date.parse(annotation.time) / 1000, 'x', true) ?? 0,
          group: groupOf(annotation),
        }))
      : [];
    graphImage(canvas, { title, legend: lines, span: shown, marks }).toBlob(
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
        <button type="button" onClick={() => setNoteAt(Date.now())}>
          Add note
        </button>
        {names.length > 0 && (
          <a href={`/brews?${new URLSearchParams({ view: formatViewState(view) })}`}>Brew session with these fields</a>
        )}
      </div>
      <fieldset class="annotation-filter">
        <legend>Annotations</legend>
        {ANNOTATION_GROUPS.map(({ group, label }) => (
          <label key={group}>
            <input
              type="checkbox"
              checked={groups.has(group)}
              onChange={(event) => setGroups(toggled(groups, group, event.currentTarget.checked))}
            />
            {label}
          </label>
        ))}
        <label>
          <input type="checkbox" checked={inExports} onChange={(event) => setInExports(event.currentTarget.checked)} />
          In exports
        </label>
        {notes.error && <span class="problem">{`Could not load the annotations: ${notes.error}`}</span>}
      </fieldset>
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
            onPick={setNoteAt}
            onDraw={() => drawn.emit()}
            chartRef={chart}
          />
        )}
        <AnnotationMarkers
          chartRef={chart}
          drawn={drawn}
          annotations={annotations}
          open={openAnnotations}
          onOpen={setOpenAnnotations}
        />
      </div>
      {opened.length > 0 && <AnnotationPopover annotations={opened} onClose={() => setOpenAnnotations([])} />}
      {noteAt !== undefined && <NoteForm at={noteAt} onSave={saveNote} onCancel={() => setNoteAt(undefined)} />}
      <p class="hint">
        Drag across the graph to zoom in, Shift + drag to pan, click it to add a note there; or use Pan back, Pan
        forward, Reset zoom and Add note. A mark above the graph opens what changed then.
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

const ALL_GROUPS: ReadonlySet<AnnotationGroup> = new Set(ANNOTATION_GROUPS.map(({ group }) => group));

function toggled<T>(set: ReadonlySet<T>, item: T, on: boolean): ReadonlySet<T> {
  const next = new Set(set);
  if (on) next.add(item);
  else next.delete(item);
  return next;
}

function numberOf(text: string): number | undefined {
  const number = Number(text);
  return text.trim() === '' || !Number.isFinite(number) ? undefined : number;
}
