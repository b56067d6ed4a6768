import { useEffect, useRef, useState } from 'preact/hooks';
import { PRESETS, type ViewRange } from './view-state';

interface RangeBarProps {
  range: ViewRange;
  /** The span shown now, to fill the custom range with. */
  span: { from: number; to: number };
  onRange: (range: ViewRange) => void;
}

/** The range presets and a custom range in the browser's time zone. */
export function RangeBar({ range, span, onRange }: RangeBarProps) {
  const [from, setFrom] = useState(localInput(span.from));
  const [to, setTo] = useState(localInput(span.to));
  const [problem, setProblem] = useState('');
  // A range the user typed and has not applied yet; the inputs show the graph's span otherwise.
  const typed = useRef(false);
  const showSpan = () => {
    setFrom(localInput(span.from));
    setTo(localInput(span.to));
  };
  useEffect(() => {
    if (!typed.current) showSpan();
  }, [Math.floor(span.from / 1000), Math.floor(span.to / 1000)]);
  // Another range (applied, a preset, a saved view) drops what was typed; its span follows.
  useEffect(() => {
    typed.current = false;
  }, [JSON.stringify(range)]);
  const edit = (set: (value: string) => void) => (event: { currentTarget: HTMLInputElement }) => {
    typed.current = true;
    set(event.currentTarget.value);
  };
  const apply = (event: Event) => {
    event.preventDefault();
    const start = new Date(from).getTime();
    const end = new Date(to).getTime();
    if (!Number.isFinite(start) || !Number.isFinite(end)) return setProblem('Give both ends of the range.');
    if (start >= end) return setProblem('From must be before To.');
    setProblem('');
    typed.current = false;
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
              typed.current = false;
              showSpan();
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
          <input type="datetime-local" step="1" value={from} onInput={edit(setFrom)} />
        </label>
        <label>
          To
          <input type="datetime-local" step="1" value={to} onInput={edit(setTo)} />
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
