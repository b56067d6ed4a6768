import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy, Optional } from '@nestjs/common';
import type { WebhookAction } from '@eventcast/automation-model';
import { ThrottledLog } from '@eventcast/bootstrap';
import { notificationsTopic, MINUTE_MS, SECOND_MS } from '@eventcast/domain';
import { EventPublisher } from '@eventcast/messaging';
import { AutomationStore, Notification } from '../ports/automation-store.port';
import type { DeliveryOutcome } from './delivery-outcome';
import { receiverOf } from './outbox-entries.util';
import { sendWebhook } from './webhook-sender';

/** How notifications are delivered; the defaults are those of the service (docs/automation.md). */
export interface DeliveryOptions {
  /** How long a receiver has to answer. */
  timeoutMs: number;
  /** The wait after a first failure; it doubles with each failure up to `maxRetryMs`. */
  firstRetryMs: number;
  maxRetryMs: number;
  /** How often the outbox is read when nothing announced a write (a write by another process). */
  pollMs: number;
  /** Notifications of one receiver read at a time. */
  batch: number;
}

export const DEFAULT_DELIVERY_OPTIONS: DeliveryOptions = {
  timeoutMs: 10 * SECOND_MS,
  firstRetryMs: SECOND_MS,
  maxRetryMs: MINUTE_MS,
  pollMs: 5 * SECOND_MS,
  batch: 100,
};

/** Injection token of a `Partial<DeliveryOptions>` that replaces some defaults. */
export const DELIVERY_OPTIONS = Symbol('DeliveryOptions');

/** Notifications by what became of them, since start-up. */
export interface DeliveryStats {
  sent: number;
  /** Failed attempts that will be retried. */
  retried: number;
  /** Refused by their receiver for good, and taken off the outbox. */
  dropped: number;
}

/**
 * Drains the outbox. Each receiver (a webhook URL, or the broker) gets its notifications one at a
 * time, in the order they were enqueued: a receiver that fails (5xx, 408, 429, a timeout, no
 * connection, the broker away) is retried after a wait that doubles from `firstRetryMs` to
 * `maxRetryMs` while the other receivers go on; one that refuses a notification (another 4xx) has it
 * logged, counted and dropped. A notification leaves the outbox only once its receiver took it, so
 * after a crash the one in flight is sent again, with the same `Idempotency-Key`.
 */
@Injectable()
export class NotificationDelivery implements OnApplicationBootstrap, OnModuleDestroy {
  readonly stats: DeliveryStats = { sent: 0, retried: 0, dropped: 0 };
  private readonly logger = new Logger(NotificationDelivery.name);
  private readonly storeErrors = new ThrottledLog(this.logger, 60 * SECOND_MS);
  private readonly options: DeliveryOptions;
  /** Receivers whose notifications are being sent. */
  private readonly busy = new Map<string, Promise<void>>();
  /** Receivers waiting until their next attempt is due. */
  private readonly waiting = new Map<string, NodeJS.Timeout>();
  private readonly stopping = new AbortController();
  private stopListening?: () => void;
  private poll?: NodeJS.Timeout;
  /** The next read after one the store could not answer. */
  private readAgain?: NodeJS.Timeout;
  private draining = false;
  /** Lanes that ended since start-up, so a drain knows whether its read may be stale. */
  private lanesEnded = 0;
  private drainAgain = false;

  constructor(
    private readonly store: AutomationStore,
    private readonly publisher: EventPublisher,
    @Optional() @Inject(DELIVERY_OPTIONS) options?: Partial<DeliveryOptions>,
  ) {
    this.options = { ...DEFAULT_DELIVERY_OPTIONS, ...options };
  }

  onApplicationBootstrap(): void {
    this.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  /** Starts draining: what is pending now, and each write that enqueues more. */
  start(): void {
    this.stopListening = this.store.onEnqueued(() => this.kick());
    this.poll = setInterval(() => this.kick(), this.options.pollMs).unref();
    this.kick();
  }

  /** Stops draining; a request in flight is aborted and stays pending. */
  async stop(): Promise<void> {
    this.stopListening?.();
    clearInterval(this.poll);
    clearTimeout(this.readAgain);
    for (const timer of this.waiting.values()) clearTimeout(timer);
    this.waiting.clear();
    this.stopping.abort();
    await Promise.all(this.busy.values());
    this.storeErrors.flush();
  }

  /** Reads the outbox soon, once more if a read is under way. */
  private kick(): void {
    if (this.stopping.signal.aborted) return;
    if (this.draining) {
      this.drainAgain = true;
      return;
    }
    this.draining = true;
    void this.drain().finally(() => (this.draining = false));
  }

  private async drain(): Promise<void> {
    do {
      this.drainAgain = false;
      const lanesEndedBefore = this.lanesEnded;
      let pending: Notification[];
      try {
        pending = await this.store.pending(this.options.batch);
      } catch (error) {
        this.storeErrors.report('outbox', `cannot read the outbox: ${(error as Error).message}`);
        this.readAgain = setTimeout(() => this.kick(), this.options.firstRetryMs).unref();
        return;
      }
      // A lane that ended during the read may have delivered what the read still holds; its end
      // asked for another read, which the loop makes.
      if (this.lanesEnded !== lanesEndedBefore) continue;
      for (const [receiver, queue] of byReceiver(pending)) {
        if (this.busy.has(receiver) || this.waiting.has(receiver) || this.stopping.signal.aborted) continue;
        const lane = this.deliverInOrder(receiver, queue).finally(() => {
          this.lanesEnded += 1;
          this.busy.delete(receiver);
          this.kick();
        });
        this.busy.set(receiver, lane);
      }
    } while (this.drainAgain && !this.stopping.signal.aborted);
  }

  /** Sends `queue` in order until one is not due yet or fails; that receiver then waits. */
  private async deliverInOrder(receiver: string, queue: Notification[]): Promise<void> {
    for (const notification of queue) {
      if (this.stopping.signal.aborted) return;
      const due = notification.retryAtMs - Date.now();
      if (due > 0) return this.waitFor(receiver, due);
      const outcome = await this.send(notification);
      if (this.stopping.signal.aborted) return;
      try {
        if (outcome.kind === 'retry') return await this.retryLater(receiver, notification, outcome);
        await this.store.delivered(notification.key);
      } catch (error) {
        this.storeErrors.report('outbox', `cannot record ${notification.key}: ${(error as Error).message}`);
        return this.waitFor(receiver, this.options.firstRetryMs);
      }
      this.count(notification, outcome);
    }
  }

  private send(notification: Notification): Promise<DeliveryOutcome> {
    if (notification.action.type === 'webhook')
      return sendWebhook(
        notification as Notification & { action: WebhookAction },
        this.options.timeoutMs,
        this.stopping.signal,
      );
    return this.publish(notification);
  }

  private async publish(notification: Notification): Promise<DeliveryOutcome> {
    const { key, event, ruleId, facts } = notification;
    const taken = await this.publisher.publish(
      notificationsTopic(ruleId),
      { key, event, ruleId, ...facts },
      { qos: 1 },
    );
    return taken ? { kind: 'sent' } : { kind: 'retry', reason: 'the broker did not take it' };
  }

  private async retryLater(
    receiver: string,
    notification: Notification,
    outcome: Extract<DeliveryOutcome, { kind: 'retry' }>,
  ): Promise<void> {
    const backoff = Math.min(this.options.firstRetryMs * 2 ** notification.attempts, this.options.maxRetryMs);
    const waitMs = Math.min(Math.max(backoff, outcome.retryAfterMs ?? 0), this.options.maxRetryMs);
    await this.store.failed(notification.key, outcome.reason, Date.now() + waitMs);
    this.stats.retried += 1;
    this.logger.warn(
      `${notification.key} to ${receiver}: ${outcome.reason}; attempt ${notification.attempts + 1}, next in ${waitMs} ms`,
    );
    this.waitFor(receiver, waitMs);
  }

  private count(notification: Notification, outcome: DeliveryOutcome): void {
    const receiver = receiverOf(notification.action);
    if (outcome.kind === 'sent') {
      this.stats.sent += 1;
      this.logger.log(`sent ${notification.key} to ${receiver}`);
    } else if (outcome.kind === 'refused') {
      this.stats.dropped += 1;
      this.logger.warn(`dropped ${notification.key}: ${receiver} refused it (${outcome.reason})`);
    }
  }

  private waitFor(receiver: string, ms: number): void {
    if (this.stopping.signal.aborted) return;
    const timer = setTimeout(() => {
      this.waiting.delete(receiver);
      this.kick();
    }, ms);
    timer.unref();
    this.waiting.set(receiver, timer);
  }
}

/** Notifications grouped by receiver, each group in the order given. */
function byReceiver(notifications: Notification[]): Map<string, Notification[]> {
  const groups = new Map<string, Notification[]>();
  for (const notification of notifications) {
    const receiver = receiverOf(notification.action);
    groups.set(receiver, [...(groups.get(receiver) ?? []), notification]);
  }
  return groups;
}
