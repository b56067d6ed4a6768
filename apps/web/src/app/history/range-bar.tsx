import { useState } from 'preact/hooks';
import { PRESETS, type ViewRange } from './view-state';

interface RangeBarProps {
  range: ViewRange;
  /** The span shown now, to fill the custom range with. */
  span: { from: number; to: number };
  onRange: (range: ViewRange) => void;
}

/** The range presets and a custom range in the browser's time zone. */
export function RangeBar({ range, span, onRange }: RangeBarProps) {
  const [problem, setProblem] = useState('');
  // A range the user typed and has not applied yet, kept while the range it was typed over is the
  // view's; the inputs show the span otherwise, so another range (applied, a preset, a saved view)
  // drops it.
  const [typed, setTyped] = useState<{ from: string; to: string; over: ViewRange }>();
  const draft = typed?.over === range ? typed : undefined;
  const from = draft?.from ?? localInput(span.from);
  const to = draft?.to ?? localInput(span.to);
  const edit = (end: 'from' | 'to') => (event: { currentTarget: HTMLInputElement }) =>
    setTyped({ from, to, over: range, [end]: event.currentTarget.value });
  const apply = (event: Event) => {
    event.preventDefault();
    const start = new Date(from).getTime();
    const end = new Date(to).getTime();
    if (!Number.isFinite(start) || !Number.isFinite(end)) return setProblem('Give both ends of the range.');
    if (start >= end) return setProblem('From must be before To.');
    setProblem('');
    setTyped(undefined);
    onRange({ from: start, to: end });
  };
  return (
    <div class="range-bar">
      <div role="group" aria-label="Range" class="presets">
        {PRESETS.map(({ duration, label }) => (
          <button
            type="button"
            key={duration}
            aria-pressed={'duration' in range && range.duration === duration}
            onClick={() => {
              setTyped(undefined);
              onRange({ duration });
            }}
          >
            {label}
          </button>
        ))}
      </div>
      <form class="custom-range" onSubmit={apply}>
        <label>
          From
          <input type="datetime-local" step="1" value={from} onInput={edit('from')} />
        </label>
        <label>
          To
          <input type="datetime-local" step="1" value={to} onInput={edit('to')} />
        </label>
        <button type="submit">Apply range</button>
        {problem && (
          <span role="alert" class="problem">
            {problem}
          </span>
        )}
      </form>
    </div>
  );
}

/** An epoch ms time as a `datetime-local` input value in the browser's time zone. */
function localInput(ms: number): string {
  const date = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return date.toISOString().slice(0, 19);
}
