import { useEffect, useState } from 'preact/hooks';
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
  useEffect(() => {
    if ('from' in range) {
      setFrom(localInput(range.from));
      setTo(localInput(range.to));
    }
  }, ['from' in range ? range.from : 0, 'from' in range ? range.to : 0]);
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
      <form class="custom-range" onSubmit={apply}>
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
