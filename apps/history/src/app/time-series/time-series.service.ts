import { Injectable } from '@nestjs/common';
import { bucketWidth } from '@eventcast/domain';
import {
  FieldValue,
  formatIsoMicros,
  MICROS_PER_MS,
  nowMicros,
  Resolution,
  TimeSeriesStore,
} from '@eventcast/time-series-store';
import { bucketStart } from './bucket.util';
import { csvLine, CsvPrecision, csvTime } from './csv.util';
import { CsvQueryDto } from './dto/csv-query.dto';
import { FieldSeriesDto } from './dto/field-series.dto';
import { FieldsQueryDto } from './dto/fields-query.dto';
import { LatestValueDto } from './dto/latest-value.dto';
import { MetricsQueryDto } from './dto/metrics-query.dto';
import { DEFAULT_POINTS, RangesQueryDto } from './dto/ranges-query.dto';
import { parseDuration } from './duration.util';
import { KnownFields } from './known-fields.service';
import { resolveTimeRange, TimeRange } from './time-range.util';

const DEFAULT_FIELDS_DURATION = '1d';
const DEFAULT_RANGE_DURATION = '1d';
const DEFAULT_METRICS_DURATION = '10m';
/** Values read from the store per page of a CSV export. */
const CSV_PAGE_VALUES = 10_000;

/** A checked ranges query: its fields (each once), range and bucket width. */
export interface RangesPlan extends TimeRange {
  fields: string[];
  bucketUs: number;
}

/** A checked CSV export: its fields (each once), range and time format. */
export interface CsvPlan extends TimeRange {
  fields: string[];
  precision: CsvPrecision;
}

/**
 * The queries over stored history values. Bad input throws a `BadRequestError` naming the problem;
 * a store that cannot answer rejects with its `StoreUnavailableError` naming the reason.
 */
@Injectable()
export class TimeSeriesService {
  constructor(
    private readonly store: TimeSeriesStore,
    private readonly knownFields: KnownFields,
  ) {}

  /** Names of the fields with values within the duration, sorted; of those, the ones with the prefix and the substring, up to the limit. */
  async fields(query: FieldsQueryDto): Promise<string[]> {
    const sinceUs = nowMicros() - parseDuration(query.duration ?? DEFAULT_FIELDS_DURATION, 'duration');
    return this.knownFields.list({ sinceUs, prefix: query.prefix, search: query.search, limit: query.limit });
  }

  async ranges(query: RangesQueryDto): Promise<FieldSeriesDto[]> {
    const plan = this.planRanges(query);
    return this.readRanges(plan, plan.fromUs, plan.toUs);
  }

  /**
   * Checks a ranges query and fixes its bucket width: the smallest round width that keeps the
   * range within `points` buckets. Buckets sit on multiples of the width from the epoch and are
   * read whole, also where the range starts or ends inside one, so a bucket has the same average
   * whichever window a query asks for.
   */
  planRanges(query: RangesQueryDto, now = nowMicros()): RangesPlan {
    const range = resolveTimeRange(query, now, DEFAULT_RANGE_DURATION);
    const bucketUs = bucketWidth(range.fromUs, range.toUs, query.points ?? DEFAULT_POINTS, MICROS_PER_MS);
    return { ...range, fields: distinct(query.fields), bucketUs };
  }

  /** The averages of the plan's fields in the buckets from the one holding `fromUs` to the one holding `toUs`, one entry per field. */
  async readRanges(plan: RangesPlan, fromUs: number, toUs: number): Promise<FieldSeriesDto[]> {
    const series = new Map(plan.fields.map((field) => [field, [] as Array<[number, number]>]));
    let resolution: Resolution = 'raw';
    if (plan.fields.length > 0 && fromUs <= toUs) {
      const width = plan.bucketUs;
      const buckets = await this.store.averages(
        plan.fields,
        bucketStart(fromUs, width),
        bucketStart(toUs, width) + width - 1,
        width,
      );
      resolution = buckets.resolution;
      for (const { field, ts, value } of buckets.values) series.get(field)?.push([ts / MICROS_PER_MS, value]);
    }
    return [...series].map(([field, values]) => ({
      field,
      values: values.sort((a, b) => a[0] - b[0]),
      resolution,
    }));
  }

  /** Whether every write so far can be read: resolves `false` when the store has not said so within `timeoutMs`. */
  readable(timeoutMs: number): Promise<boolean> {
    return this.store.readable(timeoutMs);
  }

  /** The latest value of each field within the duration, in the order asked; fields without one are left out. */
  async metrics(query: MetricsQueryDto): Promise<LatestValueDto[]> {
    const since = nowMicros() - parseDuration(query.duration ?? DEFAULT_METRICS_DURATION, 'duration');
    const fields = distinct(query.fields);
    if (fields.length === 0) return [];
    const latest = new Map((await this.store.latest(fields, since)).map((value) => [value.field, value]));
    return fields.flatMap((field) => {
      const value = latest.get(field);
      return value ? [{ field, value: value.value, timestamp: formatIsoMicros(value.ts) }] : [];
    });
  }

  /** Checks a CSV export; the rows follow from `csvLines`. */
  planCsv(query: CsvQueryDto): CsvPlan {
    const range = resolveTimeRange(query, nowMicros(), DEFAULT_RANGE_DURATION);
    return { ...range, fields: distinct(query.fields), precision: query.precision };
  }

  /**
   * The CSV text, a chunk per page read from the store: the header `time,<field>,...`, then one row
   * per time, oldest first, with an empty cell where a field has no value at that time.
   */
  async *csvLines(plan: CsvPlan): AsyncGenerator<string> {
    yield csvLine(['time', ...plan.fields]);
    if (plan.fields.length === 0) return;
    const column = new Map(plan.fields.map((field, index) => [field, index]));
    const pageSize = Math.max(CSV_PAGE_VALUES, 2 * plan.fields.length);
    let from = plan.fromUs;
    for (;;) {
      const page = await this.store.values(plan.fields, from, plan.toUs, pageSize);
      const complete = page.length < pageSize;
      // A full page may end in the middle of one time: its rows are read again with the next page.
      const rows = complete ? page : withoutLastTime(page);
      yield csvRows(rows, column, plan.precision);
      if (complete) return;
      from = page[page.length - 1].ts;
    }
  }
}

function distinct(fields: readonly string[]): string[] {
  return [...new Set(fields)];
}

function withoutLastTime(page: FieldValue[]): FieldValue[] {
  const last = page[page.length - 1].ts;
  const end = page.findIndex((value) => value.ts === last);
  if (end === 0) throw new Error(`more than ${page.length} values share the time ${formatIsoMicros(last)}`);
  return page.slice(0, end);
}

function csvRows(values: FieldValue[], column: Map<string, number>, precision: CsvPrecision): string {
  let text = '';
  for (let start = 0; start < values.length;) {
    const ts = values[start].ts;
    const cells = new Array<string>(column.size).fill('');
    let end = start;
    for (; end < values.length && values[end].ts === ts; end++) {
      const index = column.get(values[end].field);
      if (index !== undefined) cells[index] = String(values[end].value);
    }
    text += csvLine([csvTime(ts, precision), ...cells]);
    start = end;
  }
  return text;
}
