import { Profile, ProfileStep } from './automation.types';
import { quantityIn } from './field-units';

/** The unit of every setting the plan gives: the unit a SetpointSensorPair keeps. */
export const PLAN_UNIT = 'degC';

/** Where a profile stands at one moment. */
export interface ProfilePosition {
  /** The setting in degC. */
  setting: number;
  /** The step that holds the moment: 0 before the start, the last step after the end. */
  stepIndex: number;
  /** Whether the last step has ended. */
  done: boolean;
}

/** A corner of a profile's planned line. */
export interface PlanPoint {
  atMs: number;
  setting: number;
}

/** One step as a segment of the line: from `from` to `to` (degC) over `[startMs, endMs)` after the start. */
interface Segment {
  startMs: number;
  endMs: number;
  from: number;
  to: number;
}

/**
 * The profile's setting at `atMs` (epoch milliseconds), in degC: the first step's setting before
 * `startedAt`, the last setting once the last step has ended. Undefined when it is not started, has
 * no steps, or has a setting that is not a temperature (which the profile's validation refuses).
 */
export function settingAt(profile: Profile, atMs: number): ProfilePosition | undefined {
  const startMs = startedAtMs(profile);
  const segments = segmentsOf(profile.steps);
  if (startMs === undefined || segments === undefined) return undefined;
  const elapsed = atMs - startMs;
  if (elapsed < 0) return { setting: segments[0].from, stepIndex: 0, done: false };
  const stepIndex = segments.findIndex((segment) => elapsed < segment.endMs);
  if (stepIndex === -1)
    return { setting: segments[segments.length - 1].to, stepIndex: segments.length - 1, done: true };
  return { setting: along(segments[stepIndex], elapsed), stepIndex, done: false };
}

/**
 * The corners of the profile's planned line from `startMs` (its `startedAt` unless given; a
 * profile without either is drawn from 0, so its times are offsets), in degC: a jump to a hold's
 * setting is two corners at the same time. Empty when it has no steps or a setting that is not a
 * temperature.
 */
export function plannedLine(profile: Profile, startMs = startedAtMs(profile) ?? 0): PlanPoint[] {
  const segments = segmentsOf(profile.steps) ?? [];
  const points: PlanPoint[] = [];
  const add = (atMs: number, setting: number) => {
    const last = points[points.length - 1];
    if (last?.atMs !== atMs || last.setting !== setting) points.push({ atMs, setting });
  };
  for (const segment of segments) {
    add(startMs + segment.startMs, segment.from);
    add(startMs + segment.endMs, segment.to);
  }
  return points;
}

/**
 * When the profile's setting will next have moved `tolerance` degC from its setting at `atMs`, or
 * the next step begins, whichever comes first; its start while it has not begun; undefined when it
 * is done, not started or has no plan.
 */
export function nextChangeAt(profile: Profile, atMs: number, tolerance: number): number | undefined {
  const startMs = startedAtMs(profile);
  const segments = segmentsOf(profile.steps);
  const position = settingAt(profile, atMs);
  if (startMs === undefined || segments === undefined || position === undefined || position.done) return undefined;
  if (atMs < startMs) return startMs;
  const segment = segments[position.stepIndex];
  const stepEnd = startMs + segment.endMs;
  const ratePerMs = Math.abs(segment.to - segment.from) / (segment.endMs - segment.startMs);
  if (ratePerMs === 0) return stepEnd;
  return Math.min(stepEnd, atMs + Math.ceil(tolerance / ratePerMs));
}

/** `startedAt` as epoch milliseconds, or undefined when the profile is stopped or the time is not one. */
export function startedAtMs(profile: Profile): number | undefined {
  if (profile.startedAt === undefined) return undefined;
  const ms = Date.parse(profile.startedAt);
  return Number.isNaN(ms) ? undefined : ms;
}

function segmentsOf(steps: readonly ProfileStep[]): Segment[] | undefined {
  const segments: Segment[] = [];
  let startMs = 0;
  for (const step of steps) {
    const to = quantityIn(step.setting, PLAN_UNIT);
    if (to === undefined) return undefined;
    // A ramp starts where the step before it ended; a first ramp has no such point and holds its setting.
    const from = step.type === 'ramp' ? (segments[segments.length - 1]?.to ?? to) : to;
    const endMs = startMs + step.durationS * 1000;
    segments.push({ startMs, endMs, from, to });
    startMs = endMs;
  }
  return segments.length === 0 ? undefined : segments;
}

function along(segment: Segment, elapsedMs: number): number {
  const fraction = (elapsedMs - segment.startMs) / (segment.endMs - segment.startMs);
  return segment.from + (segment.to - segment.from) * fraction;
}
