import { randomBytes } from 'node:crypto';
import { connectAsync, MqttClient } from 'mqtt';
import { Incident, Rule, RULES_NAMESPACE } from '@eventcast/automation-model';
import { historyTopic } from '@eventcast/domain';
import { dataOf, NotificationReceiver, PrivateBroker, ServiceUnderTest, waitFor } from '@eventcast/testing';
import { count, FaultRun } from '../fault-case';

/** Every rule of a scene fires above this beer temperature (degC) and clears below it. */
export const TOO_WARM = 25;

/** What the receiver took of the incidents' notifications, against what they should have brought. */
export interface DeliveryReport {
  /** Notifications the incidents called for. */
  expected: number;
  /** Of those, the ones the receiver never took. */
  lost: string[];
  /** Takes beyond the first of one notification (the same idempotency key again). */
  doubled: number;
  /** Rules whose receiver took a notification before one that was due earlier. */
  outOfOrder: string[];
}

/** The promises of the outbox that `report` breaks, allowing `doublesAllowed` doubled notifications. */
export function brokenDelivery(report: DeliveryReport, doublesAllowed: number): string[] {
  return [
    ...(report.lost.length > 0
      ? [
          `${count(report.lost.length)} notifications never reached the receiver (${report.lost.slice(0, 3).join(', ')})`,
        ]
      : []),
    ...(report.outOfOrder.length > 0 ? [`out of order for ${report.outOfOrder.join(', ')}`] : []),
    ...(report.doubled > doublesAllowed ? [`${count(report.doubled)} notifications taken twice`] : []),
  ];
}

/**
 * One automation case's world: a broker of its own, the built datastore holding `ruleCount` rules,
 * the built automation service (restarted on the same data folder after a kill), a real local HTTP
 * receiver standing in for ntfy, and a peer publishing the beer temperature of each rule's field.
 */
export class AutomationScene {
  private constructor(
    private readonly run: FaultRun,
    private service: ServiceUnderTest<'automation'>,
    private readonly bus: MqttClient,
    readonly receiver: NotificationReceiver,
    readonly fields: string[],
  ) {}

  static async start(run: FaultRun, ruleCount: number): Promise<AutomationScene> {
    const broker = run.stopAtEnd(await PrivateBroker.start());
    const receiver = await NotificationReceiver.start();
    run.stopAtEnd({ stop: () => receiver.close() });
    const datastore = run.stopAtEnd(
      await ServiceUnderTest.start('datastore', {
        MQTT_URL: broker.url,
        REDIS_URL: '',
        DATA_DIR: run.tempDir('datastore'),
      }),
    );
    const service = run.stopAtEnd(
      await ServiceUnderTest.start('automation', {
        MQTT_URL: broker.url,
        REDIS_URL: '',
        DATA_DIR: run.tempDir('automation'),
        DATASTORE_URL: datastore.url,
        HISTORY_URL: 'http://127.0.0.1:9',
      }),
    );
    const bus = await connectAsync(broker.url);
    run.stopAtEnd({ stop: () => bus.endAsync() });
    const key = `faults-${randomBytes(4).toString('hex')}`;
    const fields = Array.from({ length: ruleCount }, (_, index) => `${key}-${index}/Beer sensor/value[degC]`);
    const scene = new AutomationScene(run, service, bus, receiver, fields);
    await scene.saveRules();
    return scene;
  }

  /** The id of the rule that watches field `index`; its webhook is the receiver's `/<id>`. */
  ruleId(index: number): string {
    return `too-warm-${index}`;
  }

  /** Publishes `degC` as the beer temperature of field `index`, as its controller would. */
  async publish(index: number, degC: number): Promise<void> {
    const [controller] = this.fields[index].split('/');
    const event = { key: controller, data: { 'Beer sensor': { 'value[degC]': degC } } };
    await this.bus.publishAsync(historyTopic(controller), JSON.stringify(event), { qos: 1 });
  }

  /** Kills the service (SIGKILL) and starts it again on the same data folder; answers once it is ready. */
  async killService(): Promise<void> {
    await this.service.stop('SIGKILL');
    this.service = this.run.stopAtEnd(await ServiceUnderTest.start('automation', this.service.env));
    await this.ready();
  }

  /** Every incident of the scene's rules, oldest first. */
  async incidents(): Promise<Incident[]> {
    const lists = await Promise.all(
      this.fields.map((_, index) =>
        dataOf(this.service.client.POST('/incidents/list', { body: { ruleId: this.ruleId(index), limit: 1000 } })),
      ),
    );
    return lists.flatMap(({ values }) => values as Incident[]).sort((a, b) => a.openedAt.localeCompare(b.openedAt));
  }

  /** Waits up to `timeoutMs` until no rule of the scene has an open incident. */
  async waitUntilAllClosed(timeoutMs: number): Promise<Incident[]> {
    let incidents: Incident[] = [];
    await waitFor(
      'every incident to close',
      async () => {
        incidents = await this.incidents();
        return incidents.every((incident) => incident.closedAt !== undefined);
      },
      timeoutMs,
    ).catch(() => undefined);
    return incidents;
  }

  /** Waits up to `timeoutMs` for the receiver to take every notification of `incidents`, and reports. */
  async waitUntilDelivered(incidents: Incident[], timeoutMs: number): Promise<DeliveryReport> {
    let report = this.delivery(incidents);
    await waitFor(
      `the ${count(report.expected)} notifications of ${count(incidents.length)} incidents`,
      () => (report = this.delivery(incidents)).lost.length === 0,
      timeoutMs,
    ).catch(() => undefined);
    return report;
  }

  /**
   * Each incident brings one `opened` notification, and one `closed` once closed, to its rule's
   * receiver; a receiver takes them in the order the incidents opened and closed.
   */
  private delivery(incidents: Incident[]): DeliveryReport {
    const due = incidents.flatMap((incident) => [
      { path: `/${incident.ruleId}`, prefix: `${incident.id}:opened:` },
      ...(incident.closedAt ? [{ path: `/${incident.ruleId}`, prefix: `${incident.id}:closed:` }] : []),
    ]);
    const taken = this.receiver.taken;
    const firstTaken = (prefix: string) => taken.findIndex(({ key }) => key.startsWith(prefix));
    const lost = due.filter(({ prefix }) => firstTaken(prefix) === -1).map(({ prefix }) => prefix);
    const outOfOrder = new Set<string>();
    const lastOf = new Map<string, number>();
    for (const { path, prefix } of due) {
      const at = firstTaken(prefix);
      if (at === -1) continue;
      if (at < (lastOf.get(path) ?? -1)) outOfOrder.add(path.slice(1));
      lastOf.set(path, at);
    }
    const keys = taken.map(({ key }) => key);
    return { expected: due.length, lost, doubled: keys.length - new Set(keys).size, outOfOrder: [...outOfOrder] };
  }

  private async saveRules(): Promise<void> {
    for (let index = 0; index < this.fields.length; index++) await this.publish(index, TOO_WARM - 5);
    // A rule may name only a field the service has seen on the bus.
    for (let index = 0; index < this.fields.length; index++) {
      const rule: Rule = {
        namespace: RULES_NAMESPACE,
        id: this.ruleId(index),
        title: `Fermenter ${index} too warm`,
        enabled: true,
        trigger: { type: 'threshold', field: this.fields[index], when: 'above', threshold: { value: TOO_WARM } },
        actions: [{ type: 'webhook', url: `${this.receiver.url}/${this.ruleId(index)}`, template: 'ntfy' }],
      };
      await waitFor(`rule ${rule.id} to be saved`, async () => {
        const { response } = await this.service.client.POST('/rules/save', { body: { value: { ...rule } } });
        return response.status === 200;
      });
    }
    await this.ready();
  }

  private async ready(): Promise<void> {
    await waitFor(
      'the automation service to be ready',
      async () => (await this.service.client.GET('/health')).response.status === 200,
      30_000,
    );
  }
}
