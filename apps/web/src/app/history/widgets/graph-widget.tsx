import { useMemo, useState } from 'preact/hooks';
import type { WidgetConfig, WidgetEditorProps, WidgetProps } from '../../../common/dashboards';
import { useElementSize } from '../../../ui/use-element-size';
import { useSameList } from '../../../ui/use-same-list';
import { toggledField } from '../chosen-fields';
import { DataTable } from '../data-table';
import { FieldPicker } from '../../../common/field-picker';
import { Graph } from '../graph';
import { GraphFields } from '../graph-fields';
import { nameInUserUnit } from '../../../common/unit-variants';
import { unitOf } from '../../../common/units';
import { useUserUnit } from '../../../common/use-user-unit';
import { useViewGraph } from '../use-view-graph';
import { useZoom } from '../use-zoom';
import {
  formatViewState,
  MAX_FIELDS,
  parseViewState,
  PRESETS,
  type PresetDuration,
  type ViewState,
} from '../view-state';
import { explorerHref, explorerQueryOf, graphTitle } from './graph-config';
import './widgets.css';

export type GraphConfig = Extract<WidgetConfig, { kind: 'graph' }>;

/** The height uPlot's legend takes under the plot, left out of the plot's own height. */
const LEGEND_PX = 44;
const MIN_PLOT_PX = 80;

/** The view of a graph widget's query, its fields named in the user's temperature unit. */
function useShownView(query: string): ViewState {
  const view = useMemo(() => parseViewState(query), [query]);
  const userUnit = useUserUnit();
  const fields = useMemo(
    () => view.fields.map((field) => ({ ...field, name: nameInUserUnit(field.name, userUnit) })),
    [view.fields, userUnit],
  );
  return useMemo(() => ({ ...view, fields }), [view, fields]);
}

/**
 * The history graph of the widget's view, as big as the widget, live while its range ends now;
 * a drag zooms in, its data shows as a table on demand, and "Open in explorer" shows the same view
 * on the history page.
 */
export function GraphWidget({ widget }: WidgetProps<GraphConfig>) {
  const view = useShownView(widget.config.query);
  const [box, size] = useElementSize<HTMLDivElement>();
  const names = useSameList(view.fields.map((field) => field.name));
  const [zoom, zoomTo] = useZoom(names, view.range);
  const { data, lines, axes, columns } = useViewGraph(view.fields, view.range, zoom, size.width);
  const [table, setTable] = useState(false);
  const height = Math.max(MIN_PLOT_PX, size.height - LEGEND_PX);
  return (
    <div class="graph-widget">
      <div class="widget-bar">
        <span role="status" class="live">
          {data.live && !zoom ? 'Live' : data.loading ? 'Loading…' : ''}
        </span>
        {zoom && (
          <button type="button" onClick={() => zoomTo(undefined)}>
            Reset zoom
          </button>
        )}
        <button type="button" aria-pressed={table} onClick={() => setTable(!table)}>
          Show data as table
        </button>
        <a href={explorerHref(widget.config.query)}>Open in explorer</a>
      </div>
      {data.error && (
        <p role="alert" class="problem">
          {`Could not load the graph: ${data.error}`}
        </p>
      )}
      {view.fields.length === 0 && <p class="hint">No field on this graph: edit the widget to pick some.</p>}
      {table && (
        <div class="graph-widget-table">
          <DataTable
            columns={columns}
            labels={lines.map((line) => line.label)}
            units={view.fields.map((field) => unitOf(field.name))}
          />
        </div>
      )}
      {/* Hidden behind the table rather than gone: the graph keeps its data, and its size is followed throughout. */}
      <div ref={box} role="figure" aria-label={`Graph ${widget.title}`} class="graph-widget-figure" hidden={table}>
        {size.width > 0 && (
          <Graph
            columns={columns}
            lines={lines}
            axes={axes}
            yRanges={view.yRanges}
            span={zoom ?? data.span}
            width={size.width}
            height={height}
            onZoom={(from, to) => zoomTo({ from, to })}
          />
        )}
      </div>
    </div>
  );
}

/** Picks the graph's fields and range, or takes them from a pasted explorer link. */
export function GraphWidgetEditor({ config, onChange }: WidgetEditorProps<GraphConfig>) {
  const view = useShownView(config.query);
  const userUnit = useUserUnit();
  const [problem, setProblem] = useState('');
  const [link, setLink] = useState('');
  const chosen = new Set(view.fields.map((field) => field.name));
  const change = (next: ViewState) => onChange({ kind: 'graph', query: formatViewState(next) }, graphTitle(next));
  const toggle = (name: string) => {
    if (!chosen.has(name) && chosen.size >= MAX_FIELDS) {
      return setProblem(`A graph holds at most ${MAX_FIELDS} fields; remove one first.`);
    }
    setProblem('');
    change({ ...view, fields: toggledField(view.fields, name, userUnit, (added) => ({ name: added })) });
  };
  const takeLink = (event: Event) => {
    event.preventDefault();
    const query = explorerQueryOf(link);
    if (query === undefined)
      return setProblem('That link shows no field: copy the address of the explorer with a graph.');
    setProblem('');
    setLink('');
    onChange({ kind: 'graph', query }, graphTitle(parseViewState(query)));
  };
  const preset = 'duration' in view.range ? view.range.duration : 'custom';
  return (
    <div class="widget-editor">
      <div class="widget-field-picker">
        <FieldPicker chosen={chosen} userUnit={userUnit} onToggle={toggle} />
      </div>
      {problem && (
        <p role="alert" class="problem">
          {problem}
        </p>
      )}
      <GraphFields
        fields={view.fields}
        onChange={(index, field) =>
          change({ ...view, fields: view.fields.map((old, i) => (i === index ? field : old)) })
        }
        onRemove={(index) => change({ ...view, fields: view.fields.filter((_, i) => i !== index) })}
      />
      <label class="widget-setting">
        Range
        <select
          value={preset}
          onChange={(event) => change({ ...view, range: { duration: event.currentTarget.value as PresetDuration } })}
        >
          {preset === 'custom' && <option value="custom">As in the explorer link</option>}
          {PRESETS.map(({ duration, label }) => (
            <option key={duration} value={duration}>
              {`Last ${label}`}
            </option>
          ))}
        </select>
      </label>
      <form class="widget-setting" onSubmit={takeLink}>
        <label>
          Explorer link
          <input
            type="text"
            inputMode="url"
            placeholder="http://…/?f=…"
            value={link}
            onInput={(event) => setLink(event.currentTarget.value)}
          />
        </label>
        <button type="submit">Use this view</button>
      </form>
    </div>
  );
}
