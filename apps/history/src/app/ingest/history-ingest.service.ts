import { Injectable, Logger } from '@nestjs/common';
import { emptyFlattenReport, flattenHistoryEvent, MAX_FLATTEN_DEPTH, MAX_VALUES_PER_EVENT } from '@eventcast/flatten';
import { readHistoryEvent } from './history-event.util';
import { HistoryWriter } from './history-writer.service';
import { ReceiveClock } from './receive-clock';

/** Topics whose retained deliveries are remembered, so each is logged once; beyond it they are only counted. */
const RETAINED_TOPICS_REMEMBERED = 10_000;

/** What ingest has seen since start-up. */
export interface HistoryIngestStats {
  /** Events whose values went to the buffer. */
  acceptedEvents: number;
  /** Deliveries that were not history events (not JSON, no string key, data not an object). */
  invalidEvents: number;
  /** Deliveries the broker marked as retained, which are not stored. */
  retainedEvents: number;
}

/**
 * Turns each delivery on `eventcast/history/#` into stored values: retained deliveries are skipped
 * (the same data would be stored again under a new time), invalid events are dropped with one log
 * line naming the topic and the reason, valid ones are flattened, stamped with one receive time and
 * handed to the writer. Never waits for the store and never throws, so the subscription goes on.
 */
@Injectable()
export class HistoryIngestService {
  private readonly logger = new Logger(HistoryIngestService.name);
  private readonly clock = new ReceiveClock();
  private readonly retainedTopics = new Set<string>();

  readonly stats: HistoryIngestStats = { acceptedEvents: 0, invalidEvents: 0, retainedEvents: 0 };

  constructor(private readonly writer: HistoryWriter) {}

  receive(topic: string, payload: unknown, retained: boolean): void {
    if (retained) return this.skipRetained(topic);
    const reading = readHistoryEvent(payload);
    if (!reading.ok) {
      this.stats.invalidEvents++;
      this.logger.warn(`dropped an invalid history event on ${topic}: ${reading.reason}`);
      return;
    }
    const report = emptyFlattenReport();
    const values = flattenHistoryEvent(reading.event, report);
    if (report.tooDeep > 0 || report.truncated) {
      this.logger.warn(
        `history event on ${topic} is partly dropped: ${report.tooDeep} objects nested deeper than ${MAX_FLATTEN_DEPTH} levels` +
          `${report.truncated ? `, entries beyond the first ${MAX_VALUES_PER_EVENT}` : ''}`,
      );
    }
    this.stats.acceptedEvents++;
    if (values.size > 0) this.writer.add({ ts: this.clock.next(), values });
  }

  private skipRetained(topic: string): void {
    this.stats.retainedEvents++;
    if (this.retainedTopics.has(topic) || this.retainedTopics.size >= RETAINED_TOPICS_REMEMBERED) return;
    this.retainedTopics.add(topic);
    this.logger.warn(
      `not storing retained history events on ${topic}: history events must be published without the retain flag`,
    );
  }
}
