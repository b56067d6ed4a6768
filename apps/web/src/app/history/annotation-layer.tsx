import { createPortal } from 'preact/compat';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type uPlot from 'uplot';
import { themeColour } from '../../ui/colour-scheme';
import { annotationDetails, annotationSource, annotationTitle, groupOf, type Annotation } from './annotation-words';

/** Tells whoever listens that the chart has drawn again: its scale, size or data changed. */
export class DrawSignal {
  private readonly listeners = new Set<() => void>();

  listen(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(): void {
    for (const listener of this.listeners) listener();
  }
}

const GLYPHS = { changes: '◆', backups: '⟲', starts: '▶', notes: '✎' } as const;
/** A mark's width in CSS px (a pointer's and a finger's target): marks closer than this share one. */
const MARK_PX = 26;

/**
 * The marks at `xs` (CSS px, in any order) grouped from left to right: a mark closer than a mark's
 * width to the first of the group before joins it, so marks close in time share one button instead
 * of hiding each other. Each group lists its marks' indexes.
 */
export function markGroups(xs: readonly number[]): number[][] {
  const order = xs.map((x, index) => ({ x, index })).sort((a, b) => a.x - b.x);
  const groups: Array<{ x: number; members: number[] }> = [];
  for (const { x, index } of order) {
    const last = groups[groups.length - 1];
    if (last && x - last.x < MARK_PX) last.members.push(index);
    else groups.push({ x, members: [index] });
  }
  return groups.map((group) => group.members);
}

/** The time of an annotation as the browser's clock reads it. */
export function annotationTime(annotation: Annotation): string {
  return new Date(Date.parse(annotation.time)).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

interface MarkersProps {
  chartRef: { current?: uPlot };
  drawn: DrawSignal;
  annotations: readonly Annotation[];
  /** The ids of the annotations whose box is open. */
  open: readonly string[];
  onOpen: (ids: string[]) => void;
}

/**
 * A line at each annotation's time over the plot, a shaded band over a note's span, and a button at
 * the top that opens what it says; annotations closer than a button's width share one button that
 * says how many. They live in uPlot's plot area and are placed again each time the chart draws.
 */
export function AnnotationMarkers({ chartRef, drawn, annotations, open, onOpen }: MarkersProps) {
  const [, setDrawings] = useState(0);
  useEffect(() => drawn.listen(() => setDrawings((count) => count + 1)), [drawn]);
  const chart = chartRef.current;
  if (!chart) return null;
  const width = chart.over.clientWidth;
  const marks = annotations
    .map((annotation) => ({
      annotation,
      x: chart.valToPos(Date.parse(annotation.time) / 1000, 'x'),
      end: annotation.end === undefined ? undefined : chart.valToPos(Date.parse(annotation.end) / 1000, 'x'),
    }))
    .filter(({ x, end }) => x <= width && (end ?? x) >= 0);
  const inside = marks.filter(({ x }) => x >= 0);
  const groups = markGroups(inside.map(({ x }) => x)).map((members) => members.map((index) => inside[index]));
  return createPortal(
    <>
      <AnnotationLines marks={marks} width={width} height={chart.over.clientHeight} />
      {groups.map((group) => {
        const [first] = group;
        const ids = group.map(({ annotation }) => annotation.id);
        const one = group.length === 1;
        const title = one
          ? annotationTitle(first.annotation)
          : `${group.length} annotations from ${annotationTime(first.annotation)}`;
        const kind = one ? groupOf(first.annotation) : 'several';
        return (
          <button
            key={ids.join(' ')}
            type="button"
            class={`annotation-marker ${kind}`}
            style={{ left: `${first.x}px` }}
            title={title}
            aria-label={one ? `${title}, ${annotationTime(first.annotation)}` : title}
            aria-expanded={ids.every((id) => open.includes(id)) && open.length === ids.length}
            onMouseDown={(event) => event.stopPropagation()}
            onClick={(event) => {
              event.stopPropagation();
              onOpen(ids);
            }}
          >
            <span aria-hidden="true">{one ? GLYPHS[groupOf(first.annotation)] : `×${group.length}`}</span>
          </button>
        );
      })}
    </>,
    chart.over,
  );
}

/** The design system's colour of each group's lines; a note's span is its colour, faint. */
const LINE_COLOURS = {
  changes: '--mark-change',
  backups: '--mark-change',
  starts: '--state-off',
  notes: '--state-claimed',
} as const;
const SPAN_ALPHA = 0.08;

interface Mark {
  annotation: Annotation;
  x: number;
  end?: number;
}

/**
 * The annotations' dashed lines and the notes' shaded spans, on a canvas of their own over the plot:
 * a year of them costs a frame well under a millisecond, where an element per line cost a pan
 * frame 80 ms in Preact and layout. Not on the chart's canvas, so a PNG export draws them only
 * when asked.
 */
function AnnotationLines({ marks, width, height }: { marks: readonly Mark[]; width: number; height: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useLayoutEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.round(width * ratio);
    element.height = Math.round(height * ratio);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    context.fillStyle = themeColour(LINE_COLOURS.notes);
    context.globalAlpha = SPAN_ALPHA;
    for (const { x, end } of marks) {
      if (end !== undefined) context.fillRect(Math.max(0, x), 0, Math.min(width, end) - Math.max(0, x), height);
    }
    context.globalAlpha = 1;
    const colours = Object.fromEntries(
      Object.entries(LINE_COLOURS).map(([group, name]) => [group, themeColour(name)]),
    ) as Record<keyof typeof LINE_COLOURS, string>;
    context.lineWidth = 1;
    context.setLineDash([4, 3]);
    for (const { annotation, x } of marks) {
      if (x < 0) continue;
      context.strokeStyle = colours[groupOf(annotation)];
      context.beginPath();
      context.moveTo(Math.round(x) + 0.5, 0);
      context.lineTo(Math.round(x) + 0.5, height);
      context.stroke();
    }
  });
  return <canvas ref={canvas} class="annotation-lines" aria-hidden="true" />;
}

/** What annotations say: what changed from what to what, by whom and when, or a note's text. */
export function AnnotationPopover({
  annotations,
  onClose,
}: {
  annotations: readonly Annotation[];
  onClose: () => void;
}) {
  const close = useRef<HTMLButtonElement>(null);
  const key = annotations.map((annotation) => annotation.id).join(' ');
  useEffect(() => close.current?.focus(), [key]);
  const [only] = annotations;
  const heading =
    annotations.length > 1
      ? `${annotations.length} annotations`
      : only.kind === 'note'
        ? 'Note'
        : annotationTitle(only);
  return (
    <div
      role="dialog"
      aria-labelledby="annotation-title"
      class="annotation-popover"
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
    >
      <h3 id="annotation-title">{heading}</h3>
      {annotations.map((annotation) => (
        <AnnotationText key={annotation.id} annotation={annotation} titled={annotations.length > 1} />
      ))}
      <button type="button" ref={close} onClick={onClose}>
        Close
      </button>
    </div>
  );
}

function AnnotationText({ annotation, titled }: { annotation: Annotation; titled: boolean }) {
  const source = annotationSource(annotation);
  return (
    <>
      {titled && <h4>{annotationTitle(annotation)}</h4>}
      <p class="hint">
        {annotationTime(annotation)}
        {annotation.end && ` to ${new Date(Date.parse(annotation.end)).toLocaleString()}`}
        {source && ` · ${source}`}
      </p>
      <ul>
        {annotationDetails(annotation).map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
    </>
  );
}

interface NoteFormProps {
  at: number;
  /** Keeps the note; resolves to the problem when it was not kept. */
  onSave: (text: string) => Promise<string | undefined>;
  onCancel: () => void;
}

/** Adds a note at `at` (epoch ms): its text, saved on the history service for every graph. */
export function NoteForm({ at, onSave, onCancel }: NoteFormProps) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), [at]);
  const save = async (event: Event) => {
    event.preventDefault();
    if (text.trim() === '') return setProblem('Write the note first.');
    setSaving(true);
    const refused = await onSave(text.trim());
    setSaving(false);
    setProblem(refused);
  };
  return (
    <form
      class="note-form"
      aria-label="Add a note"
      onSubmit={(event) => void save(event)}
      onKeyDown={(event) => event.key === 'Escape' && onCancel()}
    >
      <label>
        {`Note at ${new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' })}`}
        <textarea
          ref={field}
          rows={2}
          maxLength={2000}
          value={text}
          onInput={(event) => setText(event.currentTarget.value)}
        />
      </label>
      {problem && (
        <p role="alert" class="problem">
          {problem}
        </p>
      )}
      <button type="submit" class="primary" disabled={saving}>
        Save note
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
