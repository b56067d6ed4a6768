import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Subscription } from 'rxjs';
import { REMOVED_EVENT_TYPE, STATE_EVENT_TYPE } from '@eventcast/domain';
import type { ControllerEvent } from '@eventcast/live-stream';
import { ControllerStates } from '../controller-states/controller-states.service';
import { HistoryIngestService } from '../ingest/history-ingest.service';
import { HistoryWriter } from '../ingest/history-writer.service';

/** How long after a controller's state turns to its last will the service waits for its `stopped` to be written. */
export const OFFLINE_SETTLE_MS = 2_000;
/** A `stopped` written this long before the last will explains it: the controller stopped cleanly. */
const STOPPED_WINDOW_MS = 30_000;

/**
 * Records a controller that went offline without stopping as an `offline` annotation: its state
 * turned to its last will (`data: null`) after a state or patch event said it was online, while the
 * service followed the broker, and no `stopped` change of it was written just before (a clean stop
 * publishes both). A controller already offline when the service subscribes, or lost while the
 * service was away, is not recorded (docs/history.md, "Annotations").
 */
@Injectable()
export class ControllerOffline implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ControllerOffline.name);
  private readonly online = new Set<string>();
  private readonly stoppedAt = new Map<string, number>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private unlisten?: () => void;
  private written?: Subscription;

  constructor(
    private readonly states: ControllerStates,
    private readonly writer: HistoryWriter,
    private readonly ingest: HistoryIngestService,
  ) {}

  onModuleInit(): void {
    this.unlisten = this.states.listen(
      (event) => this.seen(event),
      () => this.online.clear(),
    );
    this.written = this.writer.written$.subscribe(({ events }) => {
      for (const { annotation } of events)
        if (annotation?.kind === 'stopped' && annotation.controller)
          this.stoppedAt.set(annotation.controller, Date.now());
    });
  }

  onModuleDestroy(): void {
    this.unlisten?.();
    this.written?.unsubscribe();
    for (const timer of this.timers) clearTimeout(timer);
  }

  private seen(event: ControllerEvent): void {
    if (event.type === REMOVED_EVENT_TYPE) return;
    if (event.type !== STATE_EVENT_TYPE || event.data !== null) {
      this.online.add(event.key);
      return;
    }
    if (!this.online.delete(event.key)) return;
    const lostAt = Date.now();
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (lostAt - (this.stoppedAt.get(event.key) ?? -Infinity) < STOPPED_WINDOW_MS) return;
      const { outcome } = this.ingest.annotate({ kind: 'offline', controller: event.key, blocks: [], detail: {} });
      if (!outcome.taken) this.logger.error(`could not record that ${event.key} went offline: ${outcome.reason}`);
    }, OFFLINE_SETTLE_MS);
    this.timers.add(timer);
  }
}
