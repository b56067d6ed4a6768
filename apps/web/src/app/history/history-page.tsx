import { useMemo, useState } from 'preact/hooks';
import { useSameList } from '../../ui/use-same-list';
import { toggledField } from './chosen-fields';
import { FieldPicker } from '../../common/field-picker';
import { GraphFields } from './graph-fields';
import { GraphPanel } from './graph-panel';
import { LatestValues } from './latest-values';
import { RangeBar } from './range-bar';
import { SavedViewsPanel } from './saved-views-panel';
import { nameInUserUnit } from '../../common/unit-variants';
import { useSavedViews } from './use-saved-views';
import { useShownSpan } from './use-shown-span';
import { useUserUnit } from '../../common/use-user-unit';
import { useViewState } from './use-view-state';
import { useZoom } from './use-zoom';
import { formatViewState, MAX_FIELDS } from './view-state';

/** The history explorer: pick fields, graph them over a range, read their latest values, save the view. */
export function HistoryPage() {
  const [view, update] = useViewState();
  const [problem, setProblem] = useState('');
  const userUnit = useUserUnit();
  // A field saved in one temperature unit is shown, and followed, in the user's current one.
  const fields = useMemo(
    () => view.fields.map((field) => ({ ...field, name: nameInUserUnit(field.name, userUnit) })),
    [view.fields, userUnit],
  );
  const shown = useMemo(() => ({ ...view, fields }), [view, fields]);
  const names = useSameList(fields.map((field) => field.name));
  // Read by the range bar and the graph alike: the view (in the URL) and a zoom on its fields and range.
  const [zoom, zoomTo] = useZoom(names, view.range);
  const span = useShownSpan(view.range, zoom);
  const chosen = new Set(names);
  const saved = useSavedViews();
  const query = formatViewState(view);
  // A saved view is open while the page shows exactly what it saved.
  const openView = saved.views.find((candidate) => candidate.query === query)?.name;

  const toggleField = (name: string) => {
    if (!chosen.has(name) && chosen.size >= MAX_FIELDS) {
      return setProblem(`A graph holds at most ${MAX_FIELDS} fields; remove one first.`);
    }
    setProblem('');
    update((previous) => ({
      ...previous,
      fields: toggledField(previous.fields, name, userUnit, (added) => ({ name: added })),
    }));
  };

  return (
    <div class="history">
      <h1>History</h1>
      <div class="layout">
        <FieldPicker chosen={chosen} userUnit={userUnit} onToggle={toggleField} />
        <div class="main-column">
          {/* No region of its own: "Graph" names one region only. */}
          <section class="panel">
            <h2>Graph fields</h2>
            {problem && (
              <p role="alert" class="problem">
                {problem}
              </p>
            )}
            <GraphFields
              fields={shown.fields}
              onChange={(index, field) =>
                update((previous) => ({
                  ...previous,
                  fields: previous.fields.map((old, i) => (i === index ? field : old)),
                }))
              }
              onRemove={(index) =>
                update((previous) => ({ ...previous, fields: previous.fields.filter((_, i) => i !== index) }))
              }
            />
            <RangeBar
              range={view.range}
              span={span}
              onRange={(range) => {
                // A chosen range leaves any zoom or pan, even when it is the range shown already.
                zoomTo(undefined);
                update((previous) => ({ ...previous, range }));
              }}
            />
          </section>
          <GraphPanel
            view={shown}
            viewName={openView}
            zoom={zoom}
            onZoom={zoomTo}
            onYRange={(axis, range) =>
              update((previous) => ({ ...previous, yRanges: { ...previous.yRanges, [axis]: range } }))
            }
          />
          <LatestValues
            fields={shown.fields}
            staleAfter={view.staleAfter}
            onStaleAfter={(staleAfter) => update((previous) => ({ ...previous, staleAfter }))}
          />
          <SavedViewsPanel query={query} saved={saved} />
        </div>
      </div>
    </div>
  );
}
