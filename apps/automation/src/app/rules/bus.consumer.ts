import { Controller, Logger } from '@nestjs/common';
import { Ctx, EventPattern, MqttContext, Payload } from '@nestjs/microservices';
import { flattenHistoryEvent } from '@eventcast/flatten';
import {
  HISTORY_SUBSCRIPTION,
  PATCH_EVENT_TYPE,
  STATE_EVENT_TYPE,
  STATE_TOPIC,
  type PatchEvent,
  type StateEvent,
} from '@eventcast/domain';
import { BUS_QOS } from '../bus-qos';
import { ControllerView, ControllerViews } from '../controller-views/controller-views';
import { RuleEngine } from './rule-engine.service';

const CONTROLLER_TOPIC = new RegExp(`^${STATE_TOPIC}/([^/]+)(/patch)?$`);

/**
 * What the rules watch on the live bus: history events (each numeric value, as the history
 * service stores it) and the controllers' state and patch events. Nothing is read back from the
 * stores: a rule sees what the bus carries from the moment the service subscribed.
 */
@Controller()
export class BusConsumer {
  private readonly logger = new Logger('Bus');

  constructor(
    private readonly engine: RuleEngine,
    private readonly controllers: ControllerViews,
  ) {}

  @EventPattern(HISTORY_SUBSCRIPTION, BUS_QOS)
  receiveHistory(@Payload() payload: unknown): void {
    if (!isHistoryEvent(payload)) return this.refuse('a history event', payload);
    const atMs = Date.now();
    for (const [field, value] of flattenHistoryEvent(payload))
      this.engine.observe({ kind: 'value', field, value, atMs });
  }

  @EventPattern(`${STATE_TOPIC}/+`, BUS_QOS)
  receiveState(@Payload() payload: unknown, @Ctx() context: MqttContext): void {
    const serviceId = CONTROLLER_TOPIC.exec(context.getTopic())?.[1];
    const event = payload as Partial<StateEvent> | undefined;
    if (serviceId === undefined || event?.type !== STATE_EVENT_TYPE) return;
    this.observe(this.controllers.applyState(serviceId, event as StateEvent));
  }

  @EventPattern(`${STATE_TOPIC}/+/patch`, BUS_QOS)
  receivePatch(@Payload() payload: unknown, @Ctx() context: MqttContext): void {
    const serviceId = CONTROLLER_TOPIC.exec(context.getTopic())?.[1];
    const event = payload as Partial<PatchEvent> | undefined;
    if (serviceId === undefined || event?.type !== PATCH_EVENT_TYPE || !isPatch(event.data)) return;
    const view = this.controllers.applyPatch(serviceId, event as PatchEvent);
    if (view !== undefined) this.observe(view);
  }

  private observe({ serviceId, blocks }: ControllerView): void {
    this.engine.observe({ kind: 'state', serviceId, blocks, atMs: Date.now() });
  }

  private refuse(what: string, payload: unknown): void {
    const refused = ++this.engine.counts.refused;
    if (refused === 1 || refused % 1000 === 0)
      this.logger.warn(`not ${what}, ignored (${refused} so far): ${JSON.stringify(payload)?.slice(0, 200)}`);
  }
}

function isHistoryEvent(payload: unknown): payload is { key: string; data: object } {
  const event = payload as { key?: unknown; data?: unknown } | null;
  return (
    typeof event === 'object' &&
    event !== null &&
    typeof event.key === 'string' &&
    event.key !== '' &&
    typeof event.data === 'object' &&
    event.data !== null &&
    !Array.isArray(event.data)
  );
}

function isPatch(data: unknown): data is PatchEvent['data'] {
  const patch = data as Partial<PatchEvent['data']> | null;
  return typeof patch === 'object' && patch !== null && Array.isArray(patch.changed) && Array.isArray(patch.deleted);
}
