import { Injectable, OnModuleInit } from '@nestjs/common';
import { ServiceMetrics, ServiceReadiness } from '@eventcast/bootstrap';
import { TimeSeriesStore } from '@eventcast/time-series-store';
import { HistoryIngestService } from './history-ingest.service';
import { HistoryWriter } from './history-writer.service';
import { SessionBacklog } from './session-backlog';
import { EventSpool } from './spool/event-spool';

const PREFIX = 'eventcast_history_';

/**
 * The history service's metrics and readiness: its figures are the counters the ingest, the writer
 * and the spool keep anyway, read when Prometheus scrapes, so ingest does nothing more per message;
 * readiness asks the time-series store (`check()`, as the ping does).
 */
@Injectable()
export class HistoryTelemetry implements OnModuleInit {
  constructor(
    private readonly metrics: ServiceMetrics,
    private readonly readiness: ServiceReadiness,
    private readonly ingest: HistoryIngestService,
    private readonly writer: HistoryWriter,
    private readonly spool: EventSpool,
    private readonly store: TimeSeriesStore,
    private readonly backlog: SessionBacklog,
  ) {}

  onModuleInit(): void {
    const { ingest, writer, spool, metrics } = this;
    metrics.counter({
      name: `${PREFIX}events_received_total`,
      help: 'History events delivered by the broker: accepted, invalid, oversized, retained and refused together.',
      read: () => {
        const { acceptedEvents, invalidEvents, oversizedEvents, retainedEvents, refusedEvents } = ingest.stats;
        return acceptedEvents + invalidEvents + oversizedEvents + retainedEvents + refusedEvents;
      },
    });
    metrics.counter({
      name: `${PREFIX}events_accepted_total`,
      help: 'Valid history events taken into the spool (and acknowledged).',
      read: () => ingest.stats.acceptedEvents,
    });
    metrics.counter({
      name: `${PREFIX}events_invalid_total`,
      help: 'History events dropped because they are not valid history events.',
      read: () => ingest.stats.invalidEvents,
    });
    metrics.counter({
      name: `${PREFIX}events_oversized_total`,
      help: 'History events dropped unread because they are larger than HISTORY_MAX_EVENT_BYTES.',
      read: () => ingest.stats.oversizedEvents,
    });
    metrics.counter({
      name: `${PREFIX}events_retained_total`,
      help: 'Retained deliveries skipped (their data would be stored again under a new time).',
      read: () => ingest.stats.retainedEvents,
    });
    metrics.counter({
      name: `${PREFIX}events_refused_total`,
      help: 'Deliveries not acknowledged because the spool was full; the broker delivers them again.',
      read: () => ingest.stats.refusedEvents,
    });
    metrics.counter({
      name: `${PREFIX}session_backlog_events_total`,
      help: 'Messages the broker delivered from the persistent session at start: published while the service was away.',
      read: () => this.backlog.delivered,
    });
    metrics.counter({
      name: `${PREFIX}values_written_total`,
      help: 'Values the time-series store has taken.',
      read: () => writer.stats.writtenValues,
    });
    metrics.counter({
      name: `${PREFIX}annotations_accepted_total`,
      help: 'Change events and notes taken into the spool as annotations.',
      read: () => ingest.stats.acceptedAnnotations,
    });
    metrics.counter({
      name: `${PREFIX}change_events_invalid_total`,
      help: 'Deliveries on a change topic dropped because they are not change events.',
      read: () => ingest.stats.invalidChangeEvents,
    });
    metrics.counter({
      name: `${PREFIX}annotations_written_total`,
      help: 'Annotations the time-series store has taken.',
      read: () => writer.stats.writtenAnnotations,
    });
    metrics.counter({
      name: `${PREFIX}annotations_rejected_total`,
      help: 'Annotations dropped because the store refused their batch while it was reachable.',
      read: () => writer.stats.rejectedAnnotations,
    });
    metrics.counter({
      name: `${PREFIX}values_rejected_total`,
      help: 'Values dropped because the store refused their batch while it was reachable.',
      read: () => writer.stats.rejectedValues,
    });
    metrics.counter({
      name: `${PREFIX}events_replayed_total`,
      help: 'Events read back from the spool: the backlog of a restart or of a long store outage.',
      read: () => writer.stats.replayedEvents,
    });
    const observeWrite = metrics.histogram({
      name: `${PREFIX}store_write_duration_seconds`,
      help: 'Time the time-series store took to take one batch of values.',
    });
    writer.written$.subscribe((batch) => observeWrite(batch.seconds));
    metrics.gauge({
      name: `${PREFIX}values_waiting`,
      help: 'Values waiting in memory to be written to the store.',
      read: () => writer.waitingValues,
    });
    metrics.gauge({
      name: `${PREFIX}spool_bytes`,
      help: 'Bytes of the spool segment files on disk.',
      read: () => spool.bytes,
    });
    this.readiness.register('store', () => this.store.check());
  }
}
