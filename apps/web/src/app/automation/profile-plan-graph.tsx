import { durationText, plannedLine, startedAtMs, type Profile } from '@eventcast/automation-model';
import type { TemperatureUnit } from '@eventcast/block-model';
import { formatValue } from '../../common/units';
import { plannedIn } from './profile-draft';
import { planWords } from './profile-words';

const WIDTH = 600;
const HEIGHT = 160;
const PAD = { left: 64, right: 12, top: 12, bottom: 24 };

/**
 * The planned setting of a profile over its steps, as the form holds it (so it follows unsaved
 * edits), in the user's unit, from its start; a running profile's now is marked. Its steps in
 * words are its accessible name.
 */
export function ProfilePlanGraph({
  profile,
  userUnit,
  nowMs = Date.now(),
}: {
  profile: Profile;
  userUnit: TemperatureUnit;
  nowMs?: number;
}) {
  const points = plannedLine(profile, 0)
    .map(({ atMs, setting }) => ({ atMs, setting: plannedIn(setting, userUnit) }))
    .filter(({ atMs, setting }) => Number.isFinite(atMs) && Number.isFinite(setting));
  const label = `Planned setting: ${planWords(profile, userUnit)}`;
  if (points.length < 2)
    return (
      <p class="hint plan-graph" aria-label={label}>
        The planned line shows once each step has a setting and a duration.
      </p>
    );
  const endMs = points[points.length - 1].atMs || 1;
  const settings = points.map(({ setting }) => setting);
  const low = Math.min(...settings) - 1;
  const high = Math.max(...settings) + 1;
  const x = (atMs: number) => PAD.left + (atMs / endMs) * (WIDTH - PAD.left - PAD.right);
  const y = (setting: number) => PAD.top + ((high - setting) / (high - low)) * (HEIGHT - PAD.top - PAD.bottom);
  const startMs = startedAtMs(profile);
  const nowAt = startMs !== undefined && nowMs >= startMs && nowMs - startMs <= endMs ? nowMs - startMs : undefined;
  return (
    <svg class="plan-graph" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
      <line class="axis" x1={PAD.left} y1={HEIGHT - PAD.bottom} x2={WIDTH - PAD.right} y2={HEIGHT - PAD.bottom} />
      <text x={PAD.left - 6} y={y(high - 1)} text-anchor="end" dominant-baseline="middle">
        {formatValue(high - 1, userUnit)}
      </text>
      <text x={PAD.left - 6} y={y(low + 1)} text-anchor="end" dominant-baseline="middle">
        {formatValue(low + 1, userUnit)}
      </text>
      <text x={PAD.left} y={HEIGHT - 6}>
        start
      </text>
      <text x={WIDTH - PAD.right} y={HEIGHT - 6} text-anchor="end">
        {durationText(endMs / 1000)}
      </text>
      <polyline class="plan" points={points.map(({ atMs, setting }) => `${x(atMs)},${y(setting)}`).join(' ')} />
      {nowAt !== undefined && <line class="now" x1={x(nowAt)} y1={PAD.top} x2={x(nowAt)} y2={HEIGHT - PAD.bottom} />}
    </svg>
  );
}
