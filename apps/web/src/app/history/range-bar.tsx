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
  const form = useRef<HTMLFormElement>(null);
  // The inputs show the span on the graph, except while the user is typing a range of their own.
  useEffect(() => {
    if (form.current?.contains(document.activeElement)) return;
    setFrom(localInput(span.from));
    setTo(localInput(span.to));
  }, [Math.floor(span.from / 1000), Math.floor(span.to / 1000)]);
  const apply = (event: Event) => {
    event.preventDefault();
    const start = new Date(from).getTime();
    const end = new Date(to).getTime();
    if (!Number.isFinite(start) || !Number.isFinite(end)) return setProblem('Give both ends of the range.');
    if (start >= end) return setProblem('From must be before To.');
    setProblem('');
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
            onClick={() => onRange({ duration })}
          >
            {label}
          </button>
        ))}
      </div>
      <form ref={form} class="custom-range" onSubmit={apply}>
        <label>
          From
          <input type="datetime-local" step="1" value={from} onInput={(event) => setFrom(event.currentTarget.value)} />
        </label>
        <label>
          To
          <input type="datetime-local" step="1" value={to} onInput={(event) => setTo(event.currentTarget.value)} />
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
