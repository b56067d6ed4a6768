import type { GlanceBar } from './block-glance';

/** A share of full power as a bar, read by a screen reader as a meter of its label and words. */
export function DutyBar({ bar }: { bar: GlanceBar }) {
  return (
    <div class="duty">
      <span class="duty-label">
        {bar.label} <span class="duty-value">{bar.text}</span>
      </span>
      <div
        class="duty-bar"
        role="meter"
        aria-label={bar.label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={bar.percent ?? 0}
        aria-valuetext={bar.text}
      >
        <div class="duty-fill" style={{ width: `${bar.percent ?? 0}%` }} />
      </div>
    </div>
  );
}
