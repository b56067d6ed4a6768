import { useState } from 'preact/hooks';
import type { Widget, WidgetConfig } from '../../common/dashboards';
import { availableKinds, widgetTypeOf, type AvailableWidgetTypes } from './widget-kinds';

/** What the form gives the dashboard: a widget's title and config, without its place. */
export type WidgetDraft = Pick<Widget, 'title' | 'config'>;

/**
 * The form of a new widget (its kind picked first, starting from the kind's defaults) or of a
 * widget to edit: the kind's own editor fills the config, and a title, which follows what the
 * editor offers until the user types one.
 */
export function WidgetForm({
  widgetTypes,
  widget,
  onSave,
  onClose,
}: {
  widgetTypes: AvailableWidgetTypes;
  widget?: Widget;
  onSave: (draft: WidgetDraft) => Promise<void>;
  onClose: () => void;
}) {
  const kinds = availableKinds(widgetTypes);
  const [config, setConfig] = useState<WidgetConfig | undefined>(
    widget?.config ?? (kinds[0] && widgetTypeOf(widgetTypes, kinds[0])?.defaults),
  );
  const [title, setTitle] = useState(widget?.title ?? widgetTypeOf(widgetTypes, kinds[0] ?? '')?.label ?? '');
  const [titleTyped, setTitleTyped] = useState(widget !== undefined);
  const [problem, setProblem] = useState('');
  const type = config && widgetTypeOf(widgetTypes, config.kind);
  const name = widget ? `Edit ${widget.title}` : 'New widget';

  const pickKind = (kind: string) => {
    const picked = widgetTypeOf(widgetTypes, kind);
    if (!picked) return;
    setConfig(picked.defaults);
    if (!titleTyped) setTitle(picked.label);
  };
  const submit = (event: Event) => {
    event.preventDefault();
    if (!config || !type) return setProblem(widget ? "This widget's kind is not available." : 'Pick a kind of widget.');
    if (!title.trim()) return setProblem('Give the widget a title.');
    onSave({ title: title.trim(), config }).then(onClose, (error: Error) =>
      setProblem(`Could not save the widget: ${error.message}`),
    );
  };
  return (
    <form class="panel widget-form" aria-label={name} onSubmit={submit}>
      <h2>{name}</h2>
      {!widget && (
        <label>
          Kind
          <select value={config?.kind} onChange={(event) => pickKind(event.currentTarget.value)}>
            {kinds.map((kind) => (
              <option key={kind} value={kind}>
                {widgetTypeOf(widgetTypes, kind)?.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {config && type ? (
        <type.Editor
          key={config.kind}
          config={config}
          onChange={(next, offered) => {
            setConfig(next);
            if (!titleTyped && offered) setTitle(offered);
          }}
        />
      ) : (
        <p class="problem">{widget ? "This widget's kind is not available." : 'This app has no kind of widget.'}</p>
      )}
      <label>
        Title
        <input
          value={title}
          onInput={(event) => {
            setTitle(event.currentTarget.value);
            setTitleTyped(true);
          }}
        />
      </label>
      {problem && (
        <p role="alert" class="problem">
          {problem}
        </p>
      )}
      <div class="form-actions">
        <button type="submit">Save widget</button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
