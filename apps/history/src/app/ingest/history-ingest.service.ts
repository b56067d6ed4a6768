import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { ThrottledLog } from '@eventcast/bootstrap';
import { emptyFlattenReport, flattenHistoryEvent, MAX_FLATTEN_DEPTH, MAX_VALUES_PER_EVENT } from '@eventcast/flatten';
import { Annotation } from '@eventcast/time-series-store';
import { HistoryConfig } from '../../config/history.config';
import { AnnotationContent, readChangeEvent } from '../annotations/change-event.util';
import { readHistoryEvent } from './history-event.util';
import { HistoryWriter } from './history-writer.service';
import { ReceiveClock } from './receive-clock';
import { SpoolFullError } from './spool/event-spool';
import { annotationRecord } from './spool/spooled-entry';

/** Topics whose retained deliveries are remembered, so each is logged once; beyond it they are only counted. */
const RETAINED_TOPICS_REMEMBERED = 10_000;
/** Invalid or partly dropped events are logged at once, then summed up at most this often. */
const PROBLEM_REPORT_MS = 10_000;
const NO_VALUES: ReadonlyMap<string, number> = new Map();
/**
 * What a delivery gets once shutdown has closed the spool (the controller's `stopped` arrives just
 * then): not acknowledged, so the broker keeps it for the persistent session's next start.
 */
const STOPPING: IngestOutcome = { taken: false, reason: 'the service is stopping' };

/** What ingest has seen since start-up. */
export interface HistoryIngestStats {
  /** Events whose values went to the spool. */
  acceptedEvents: number;
  /** Deliveries that were not history events (not JSON, no string key, data not an object). */
  invalidEvents: number;
  /** Deliveries larger than `HISTORY_MAX_EVENT_BYTES`, dropped unread. */
  oversizedEvents: number;
  /** Deliveries the broker marked as retained, which are not stored. */
  retainedEvents: number;
  /** Deliveries refused because the spool was full; the broker delivers them again. */
  refusedEvents: number;
  /** Controllers' change events and users' notes taken into the spool as annotations. */
  acceptedAnnotations: number;
  /** Deliveries on a change topic that were not change events. */
  invalidChangeEvents: number;
}

/** A delivery as the broker handed it over. */
export interface HistoryDelivery {
  topic: string;
  /** The payload as parsed by the transport. */
  payload: unknown;
  /** The payload's bytes, kept in the spool. */
  bytes: Buffer;
  retained: boolean;
}

/** Whether ingest took a delivery; one it did not take must not be acknowledged. */
export type IngestOutcome = { taken: true } | { taken: false; reason: string };

/**
 * Turns each delivery on `eventcast/history/#` into stored values: deliveries larger than
 * `HISTORY_MAX_EVENT_BYTES` are dropped, so one event cannot take more of the spool; retained deliveries are skipped
 * (the same data would be stored again under a new time), invalid events are dropped with one log
 * line naming the topic and the reason (a flood of them: the first at once, then one summary line
 * every 10 s), valid ones are flattened, stamped with one receive time and
 * handed to the writer, which spools them. Never waits for the store and never throws; a delivery
 * it could not take because the spool is full is answered as not taken.
 */
@Injectable()
export class HistoryIngestService implements OnApplicationShutdown {
  private readonly logger = new Logger(HistoryIngestService.name);
  private readonly problems = new ThrottledLog(this.logger, PROBLEM_REPORT_MS);
  private readonly clock = new ReceiveClock();
  private readonly retainedTopics = new Set<string>();
  private refusedSince?: number;

  readonly stats: HistoryIngestStats = {
    acceptedEvents: 0,
    invalidEvents: 0,
    oversizedEvents: 0,
    retainedEvents: 0,
    refusedEvents: 0,
    acceptedAnnotations: 0,
    invalidChangeEvents: 0,
  };

  constructor(
    private readonly writer: HistoryWriter,
    @Inject(HistoryConfig) private readonly config: Pick<HistoryConfig, 'maxEventBytes'>,
  ) {}

  receive({ topic, payload, bytes, retained }: HistoryDelivery): IngestOutcome {
    if (bytes.length > this.config.maxEventBytes) {
      this.stats.oversizedEvents++;
      this.problems.report(
        'oversized history events',
        `dropped a history event of ${bytes.length} bytes on ${topic}: larger than HISTORY_MAX_EVENT_BYTES (${this.config.maxEventBytes})`,
      );
      return { taken: true };
    }
    if (retained) return this.skipRetained(topic);
    const reading = readHistoryEvent(payload);
    if (!reading.ok) {
      this.stats.invalidEvents++;
      this.problems.report('invalid history events', `dropped an invalid history event on ${topic}: ${reading.reason}`);
      return { taken: true };
    }
    const report = emptyFlattenReport();
    const values = flattenHistoryEvent(reading.event, report);
    if (report.tooDeep > 0 || report.truncated) {
      this.problems.report(
        'partly dropped history events',
        `history event on ${topic} is partly dropped: ${report.tooDeep} objects nested deeper than ${MAX_FLATTEN_DEPTH} levels` +
          `${report.truncated ? `, entries beyond the first ${MAX_VALUES_PER_EVENT}` : ''}`,
      );
    }
    if (values.size === 0) return this.accepted();
    if (this.writer.isClosed) return STOPPING;
    try {
      this.writer.accept(this.clock.next(), bytes, values);
    } catch (error) {
      if (error instanceof SpoolFullError) return this.refuse(error.message);
      throw error;
    }
    return this.accepted();
  }

  /** Takes a controller's change event as the annotation of its controller (docs/history.md, "Annotations"). */
  receiveChange({ topic, payload, bytes, retained }: HistoryDelivery): IngestOutcome {
    if (retained) return this.skipRetained(topic);
    const reading = bytes.length > this.config.maxEventBytes ? undefined : readChangeEvent(payload);
    if (!reading?.ok) {
      this.stats.invalidChangeEvents++;
      this.problems.report(
        'invalid change events',
        `dropped an invalid change event on ${topic}: ${reading?.reason ?? `larger than HISTORY_MAX_EVENT_BYTES (${this.config.maxEventBytes})`}`,
      );
      return { taken: true };
    }
    return this.annotate(reading.content).outcome;
  }

  /**
   * Keeps an annotation: stamped with a receive time (its own time where it has one, as a note
   * does) and a new id, spooled, then written with the values. Answers what was kept, or why not.
   */
  annotate(content: AnnotationContent & { ts?: number }): { outcome: IngestOutcome; annotation: Annotation } {
    const ts = this.clock.next();
    const annotation: Annotation = { id: randomUUID(), ...content, ts: content.ts ?? ts };
    if (this.writer.isClosed) return { outcome: STOPPING, annotation };
    try {
      this.writer.accept(ts, annotationRecord(annotation), NO_VALUES, annotation);
    } catch (error) {
      if (error instanceof SpoolFullError) return { outcome: this.refuse(error.message), annotation };
      throw error;
    }
    this.stats.acceptedAnnotations++;
    return { outcome: this.taken(), annotation };
  }

  onApplicationShutdown(): void {
    this.problems.flush();
  }

  private accepted(): IngestOutcome {
    this.stats.acceptedEvents++;
    return this.taken();
  }

  /** A delivery taken; logs that the spool takes them again after a refusal. */
  private taken(): IngestOutcome {
    if (this.refusedSince !== undefined) {
      this.logger.log(
        `the spool takes events again; ${this.stats.refusedEvents - this.refusedSince} deliveries were refused meanwhile`,
      );
      this.refusedSince = undefined;
    }
    return { taken: true };
  }

  private refuse(reason: string): IngestOutcome {
    this.stats.refusedEvents++;
    if (this.refusedSince === undefined) {
      this.refusedSince = this.stats.refusedEvents - 1;
      this.logger.error(
        `ingest stopped: ${reason}; new events wait at the broker (in this service's persistent session) until there is room`,
      );
    }
    return { taken: false, reason };
  }

  private skipRetained(topic: string): IngestOutcome {
    this.stats.retainedEvents++;
    if (!this.retainedTopics.has(topic) && this.retainedTopics.size < RETAINED_TOPICS_REMEMBERED) {
      this.retainedTopics.add(topic);
      this.logger.warn(
        `not storing retained history events on ${topic}: history events must be published without the retain flag`,
      );
    }
    return { taken: true };
  }
}
