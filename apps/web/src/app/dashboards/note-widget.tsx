import type { WidgetEditorProps, WidgetProps, WidgetType } from '../../common/dashboards';

type NoteConfig = { kind: 'note'; text: string };

/** A note's text as the user wrote it, its line breaks kept. */
function NoteWidget({ widget }: WidgetProps<NoteConfig>) {
  return <p class="note-text">{widget.config.text}</p>;
}

/** The note's text in a textarea. */
function NoteEditor({ config, onChange }: WidgetEditorProps<NoteConfig>) {
  return (
    <label class="field">
      Text
      <textarea
        rows={4}
        value={config.text}
        onInput={(event) => onChange({ kind: 'note', text: event.currentTarget.value }, 'Note')}
      />
    </label>
  );
}

/** The note: text the user writes, a reminder on the wall beside the values. */
export const noteWidget: WidgetType<NoteConfig> = {
  label: 'Note',
  defaults: { kind: 'note', text: '' },
  size: { w: 4, h: 2 },
  Component: NoteWidget,
  Editor: NoteEditor,
};
