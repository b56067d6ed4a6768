import { DAY_MS, HOUR_MS, MINUTE_MS } from '@eventcast/domain';

/** The range presets: their key in the URL, their button, and the duration the history service takes. */
export const PRESETS = [
  { duration: '10m', label: '10 min', query: '10m', ms: 10 * MINUTE_MS },
  { duration: '1h', label: '1 h', query: '1h', ms: HOUR_MS },
  { duration: '1d', label: '1 d', query: '1d', ms: DAY_MS },
  { duration: '7d', label: '7 d', query: '7d', ms: 7 * DAY_MS },
  { duration: '30d', label: '30 d', query: '30d', ms: 30 * DAY_MS },
  { duration: '1y', label: '1 y', query: '365d', ms: 365 * DAY_MS },
] as const;

export type PresetDuration = (typeof PRESETS)[number]['duration'];

/** What the graph shows: the last `duration` up to now (live), or a fixed span in epoch ms. */
export type ViewRange = { duration: PresetDuration } | { from: number; to: number };

/** A field on the graph, with the user's label, colour and axis when they chose them. */
export interface FieldView {
  name: string;
  label?: string;
  colour?: string;
  axis?: string;
}

/** A manual Y range of one axis; an end left out is automatic. */
export interface AxisRange {
  min?: number;
  max?: number;
}

/** Everything a view shows; it lives in the URL so a reload or a shared link shows the same. */
export interface ViewState {
  fields: FieldView[];
  range: ViewRange;
  yRanges: Record<string, AxisRange>;
  /** Seconds after which a latest value counts as stale. */
  staleAfter: number;
}

/** At most this many fields on one graph. */
export const MAX_FIELDS = 20;
export const DEFAULT_STALE_AFTER = 300;
export const DEFAULT_VIEW: ViewState = {
  fields: [],
  range: { duration: '1d' },
  yRanges: {},
  staleAfter: DEFAULT_STALE_AFTER,
};

const COLOUR = /^#[0-9a-f]{6}$/i;

/**
 * The view a URL query holds (`?f=<field>&label=&colour=&axis=` repeated per field, `range=1h` or
 * `from=&to=` as ISO 8601, `ymin.<axis>=`, `ymax.<axis>=`, `stale=`). What does not parse falls
 * back to the default, so a mangled link still opens.
 */
export function parseViewState(search: string): ViewState {
  const query = new URLSearchParams(search);
  const labels = query.getAll('label');
  const colours = query.getAll('colour');
  const axes = query.getAll('axis');
  const seen = new Set<string>();
  const fields: FieldView[] = [];
  query.getAll('f').forEach((name, i) => {
    if (name === '' || seen.has(name) || fields.length >= MAX_FIELDS) return;
    seen.add(name);
    const field: FieldView = { name };
    if (labels[i]) field.label = labels[i];
    if (colours[i] && COLOUR.test(colours[i])) field.colour = colours[i].toLowerCase();
    if (axes[i]) field.axis = axes[i];
    fields.push(field);
  });
  const yRanges: Record<string, AxisRange> = {};
  for (const [key, value] of query) {
    const bound = /^y(min|max)\.(.+)$/.exec(key);
    const number = Number(value);
    if (!bound || value.trim() === '' || !Number.isFinite(number)) continue;
    yRanges[bound[2]] = { ...yRanges[bound[2]], [bound[1]]: number };
  }
  const stale = Number(query.get('stale'));
  return {
    fields,
    range: parseRange(query),
    yRanges,
    staleAfter: Number.isFinite(stale) && stale > 0 ? stale : DEFAULT_STALE_AFTER,
  };
}

function parseRange(query: URLSearchParams): ViewRange {
  const from = Date.parse(query.get('from') ?? '');
  const to = Date.parse(query.get('to') ?? '');
  if (Number.isFinite(from) && Number.isFinite(to) && from < to) return { from, to };
  const preset = PRESETS.find(({ duration }) => duration === query.get('range'));
  return { duration: preset?.duration ?? '1d' };
}

/** The URL query of a view (no leading `?`); {@link parseViewState} reads it back unchanged. */
export function formatViewState(view: ViewState): string {
  const query = new URLSearchParams();
  const anyOf = (key: keyof FieldView) => view.fields.some((field) => field[key]);
  for (const field of view.fields) query.append('f', field.name);
  for (const key of ['label', 'colour', 'axis'] as const) {
    if (anyOf(key)) for (const field of view.fields) query.append(key, field[key] ?? '');
  }
  if ('duration' in view.range) query.set('range', view.range.duration);
  else {
    query.set('from', new Date(view.range.from).toISOString());
    query.set('to', new Date(view.range.to).toISOString());
  }
  for (const [axis, { min, max }] of Object.entries(view.yRanges)) {
    if (min !== undefined) query.set(`ymin.${axis}`, String(min));
    if (max !== undefined) query.set(`ymax.${axis}`, String(max));
  }
  if (view.staleAfter !== DEFAULT_STALE_AFTER) query.set('stale', String(view.staleAfter));
  return query.toString();
}

/** The preset of a duration key (1 d for an unknown one). */
export function presetOf(duration: PresetDuration): (typeof PRESETS)[number] {
  return PRESETS.find((preset) => preset.duration === duration) ?? PRESETS[2];
}

/** The span in epoch ms a range covers at `now`. */
export function rangeSpanAt(range: ViewRange, now: number): { from: number; to: number } {
  if ('from' in range) return range;
  return { from: now - presetOf(range.duration).ms, to: now };
}

/** How a range that ends now stays live: the time fields of its stream query, and its span at a time. */
export interface LiveRange {
  query: { duration: string } | { start: number };
  spanAt: (now: number) => { from: number; to: number };
  /** Buckets before this time (at `now`) have slid out of the span; -Infinity when nothing slides. */
  slidOutBefore: (now: number) => number;
}

/**
 * The live form of `range` at `now`: a preset slides with the clock; a custom range whose end is
 * not past grows to now (its stream query gives the start alone, which runs to now). A custom range
 * that ended before `now` is not live (undefined).
 */
export function liveRange(range: ViewRange, now: number): LiveRange | undefined {
  if ('from' in range) {
    if (range.to < now) return undefined;
    return {
      query: { start: range.from },
      spanAt: (at) => ({ from: range.from, to: Math.max(range.to, at) }),
      slidOutBefore: () => -Infinity,
    };
  }
  const { ms, query } = presetOf(range.duration);
  return {
    query: { duration: query },
    spanAt: (at) => ({ from: at - ms, to: at }),
    slidOutBefore: (at) => at - ms,
  };
}
