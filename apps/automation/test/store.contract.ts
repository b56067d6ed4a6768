import { randomBytes } from 'node:crypto';
import type { Incident, WebhookAction } from '@eventcast/automation-model';
import { incidentFacts } from '../src/app/notifications/outbox-entries.util';
import { AutomationStore, NotificationRequest } from '../src/app/ports/automation-store.port';

/**
 * The behaviour every `AutomationStore` adapter owes the service; run once per adapter. `open`
 * gives a new handle onto the same data each time it is called.
 */
export function automationStoreContract(name: string, open: () => Promise<AutomationStore>) {
  describe(`${name} as an AutomationStore`, () => {
    let store: AutomationStore;
    // Ids and receivers of each test's own, so tests never see each other's incidents or notifications.
    let run: string;
    let receiver: string;
    const ruleId = (n = 1) => `${run}-rule-${n}`;
    const incident = (id: string, rule = ruleId(), extra: Partial<Incident> = {}): Incident => ({
      id: `${run}-${id}`,
      ruleId: rule,
      ruleTitle: 'Fridge too warm',
      openedAt: '2026-05-01T06:00:00.000Z',
      subject: 'fridge/Beer sensor/value[degC]',
      value: 23.5,
      message: 'Beer above 22 °C for 10 min',
      ...extra,
    });
    const webhook = (url = receiver): WebhookAction => ({ type: 'webhook', url, template: 'ntfy' });
    const notify = (of: Incident, url = receiver, time = of.openedAt): NotificationRequest => ({
      action: webhook(url),
      facts: incidentFacts(of, time),
    });
    const pendingOf = async (url = receiver) =>
      (await store.pending(1000)).filter((n) => n.action.type === 'webhook' && n.action.url === url);
    const keysOf = async (url = receiver) => (await pendingOf(url)).map((n) => n.key);

    beforeAll(async () => {
      store = await open();
    });

    afterAll(async () => {
      await store.close();
    });

    beforeEach(() => {
      run = `contract-${randomBytes(4).toString('hex')}`;
      receiver = `http://127.0.0.1:9/${run}`;
    });

    it('opens an incident and enqueues its notifications in order, each with a key of its own', async () => {
      const opened = incident('a');
      const second = `${receiver}/second`;
      await expect(store.openIncident(opened, [notify(opened), notify(opened, second)])).resolves.toBe(true);
      await expect(store.openIncidents()).resolves.toContainEqual(opened);
      const [first] = await pendingOf();
      expect(first).toEqual({
        key: `${opened.id}:opened:1`,
        incidentId: opened.id,
        ruleId: opened.ruleId,
        event: 'opened',
        action: webhook(),
        facts: incidentFacts(opened, opened.openedAt),
        enqueuedAtMs: expect.any(Number),
        attempts: 0,
        retryAtMs: first.enqueuedAtMs,
      });
      await expect(keysOf(second)).resolves.toEqual([`${opened.id}:opened:2`]);
    });

    it('gives back text, numbers and nulls of the facts exactly', async () => {
      const odd = incident('odd', ruleId(), {
        ruleTitle: 'Gärkeller "Nord" 🍺 \\ {{rule}}',
        value: 0.1 + 0.2,
        message: 'line\nbreak\ttab',
      });
      await store.openIncident(odd, [notify(odd)]);
      const [notification] = await pendingOf();
      expect(notification.facts).toEqual(incidentFacts(odd, odd.openedAt));
      expect(notification.facts.value).toBe(0.1 + 0.2);
      const gone = incident('gone', ruleId(2), { value: null });
      await store.openIncident(gone, [notify(gone)]);
      expect((await pendingOf())[1].facts.value).toBeNull();
    });

    it('finds an incident by its id, open or closed, and nothing under an unknown id', async () => {
      const opened = incident('a');
      await store.openIncident(opened, []);
      await expect(store.incident(opened.id)).resolves.toEqual(opened);
      const closedAt = '2026-05-01T07:00:00.000Z';
      await store.closeIncident(opened.id, closedAt, []);
      await expect(store.incident(opened.id)).resolves.toEqual({ ...opened, closedAt });
      await expect(store.incident(`${run}-unknown`)).resolves.toBeUndefined();
    });

    it('refuses a second incident while the rule has one open, and writes nothing of it', async () => {
      const first = incident('a');
      await store.openIncident(first, [notify(first)]);
      const again = incident('b');
      await expect(store.openIncident(again, [notify(again)])).resolves.toBe(false);
      await expect(store.incidents({ ruleId: ruleId(), limit: 10 })).resolves.toEqual([first]);
      await expect(keysOf()).resolves.toEqual([`${first.id}:opened:1`]);
    });

    it('opens one incident of many opened at once for the same rule', async () => {
      const tries = ['a', 'b', 'c', 'd', 'e'].map((id) => incident(id));
      const answers = await Promise.all(tries.map((one) => store.openIncident(one, [notify(one)])));
      expect(answers.filter(Boolean)).toHaveLength(1);
      await expect(store.incidents({ ruleId: ruleId(), limit: 10 })).resolves.toHaveLength(1);
      await expect(keysOf()).resolves.toHaveLength(1);
    });

    it('refuses an incident whose id exists, even closed', async () => {
      const first = incident('a');
      await store.openIncident(first, []);
      await store.closeIncident(first.id, '2026-05-01T07:00:00.000Z', []);
      await expect(store.openIncident(incident('a', ruleId(2)), [])).resolves.toBe(false);
      await expect(store.incidents({ ruleId: ruleId(2), limit: 10 })).resolves.toEqual([]);
    });

    it('writes nothing of an opening whose notification cannot be stored', async () => {
      const broken = incident('a');
      // A BigInt cannot be written as JSON.
      const unstorable = { ...notify(broken), facts: { ...notify(broken).facts, value: BigInt(1) as never } };
      await expect(store.openIncident(broken, [notify(broken), unstorable])).rejects.toThrow();
      await expect(store.incidents({ ruleId: ruleId(), limit: 10 })).resolves.toEqual([]);
      await expect(keysOf()).resolves.toEqual([]);
      await expect(store.openIncident(broken, [notify(broken)])).resolves.toBe(true);
    });

    it('closes an open incident once, numbering its notifications after those of its opening', async () => {
      const opened = incident('a');
      await store.openIncident(opened, [notify(opened)]);
      const closedAt = '2026-05-01T07:00:00.000Z';
      const closed = await store.closeIncident(opened.id, closedAt, [notify(opened, receiver, closedAt)]);
      expect(closed).toEqual({ ...opened, closedAt });
      await expect(store.closeIncident(opened.id, '2026-05-01T08:00:00.000Z', [notify(opened)])).resolves.toBe(
        undefined,
      );
      await expect(store.closeIncident(`${run}-unknown`, closedAt, [notify(opened)])).resolves.toBeUndefined();
      await expect(keysOf()).resolves.toEqual([`${opened.id}:opened:1`, `${opened.id}:closed:2`]);
      await expect(store.incidents({ ruleId: ruleId(), limit: 10 })).resolves.toEqual([closed]);
    });

    it('lets a rule open a new incident once its last one closed', async () => {
      const first = incident('a');
      await store.openIncident(first, []);
      await store.closeIncident(first.id, '2026-05-01T07:00:00.000Z', []);
      await expect(store.openIncident(incident('b'), [])).resolves.toBe(true);
    });

    it('records reminders of an open incident until it is acknowledged or closed', async () => {
      const opened = incident('a');
      await store.openIncident(opened, [notify(opened)]);
      const at = '2026-05-01T06:30:00.000Z';
      await expect(store.remind(opened.id, at, [notify(opened), notify(opened)])).resolves.toEqual({
        ...opened,
        remindedAt: at,
      });
      await store.acknowledge(opened.id, '2026-05-01T06:40:00.000Z', 'brewer');
      await expect(store.remind(opened.id, '2026-05-01T07:00:00.000Z', [notify(opened)])).resolves.toBeUndefined();
      const other = incident('b', ruleId(2));
      await store.openIncident(other, []);
      await store.closeIncident(other.id, '2026-05-01T07:00:00.000Z', []);
      await expect(store.remind(other.id, '2026-05-01T07:30:00.000Z', [notify(other)])).resolves.toBeUndefined();
      await expect(keysOf()).resolves.toEqual([
        `${opened.id}:opened:1`,
        `${opened.id}:reminder:2`,
        `${opened.id}:reminder:3`,
      ]);
    });

    it('keeps the first acknowledgement, and answers undefined for an unknown incident', async () => {
      const opened = incident('a');
      await store.openIncident(opened, []);
      const first = { ...opened, acknowledgedAt: '2026-05-01T06:10:00.000Z', acknowledgedBy: 'anna' };
      await expect(store.acknowledge(opened.id, first.acknowledgedAt, 'anna')).resolves.toEqual(first);
      await expect(store.acknowledge(opened.id, '2026-05-01T06:20:00.000Z', 'ben')).resolves.toEqual(first);
      await expect(store.acknowledge(`${run}-unknown`, '2026-05-01T06:20:00.000Z', 'ben')).resolves.toBeUndefined();
      await expect(store.openIncidents()).resolves.toContainEqual(first);
    });

    it('lists incidents newest first, by rule, open or closed, up to the limit', async () => {
      const [a, b, c] = ['a', 'b', 'c'].map((id, n) => incident(id, ruleId(n + 1)));
      for (const one of [a, b, c]) await store.openIncident(one, []);
      const closedB = await store.closeIncident(b.id, '2026-05-01T07:00:00.000Z', []);
      const d = incident('d', ruleId(2));
      await store.openIncident(d, []);
      const ours = (list: Incident[]) => list.filter((one) => one.id.startsWith(run));
      expect(ours(await store.openIncidents())).toEqual([d, c, a]);
      expect(ours(await store.incidents({ limit: 1000 }))).toEqual([d, c, closedB, a]);
      await expect(store.incidents({ ruleId: ruleId(2), limit: 10 })).resolves.toEqual([d, closedB]);
      await expect(store.incidents({ ruleId: ruleId(2), open: false, limit: 10 })).resolves.toEqual([closedB]);
      await expect(store.incidents({ ruleId: ruleId(2), open: true, limit: 10 })).resolves.toEqual([d]);
      await expect(store.incidents({ ruleId: ruleId(2), limit: 1 })).resolves.toEqual([d]);
    });

    it('gives the first notifications of every receiver, so a long queue for one hides no other', async () => {
      const busy = `${receiver}/busy`;
      const quiet = `${receiver}/quiet`;
      for (let n = 1; n <= 5; n++) {
        const one = incident(`busy-${n}`, ruleId(n));
        await store.openIncident(one, [notify(one, busy)]);
      }
      const late = incident('late', ruleId(9));
      await store.openIncident(late, [notify(late, quiet)]);
      const pending = (await store.pending(2)).filter((n) => n.key.startsWith(run));
      expect(pending.map((n) => n.key)).toEqual(
        expect.arrayContaining([`${run}-busy-1:opened:1`, `${run}-busy-2:opened:1`, `${run}-late:opened:1`]),
      );
      expect(pending).toHaveLength(3);
    });

    it('takes a delivered notification off the outbox and keeps the others in order', async () => {
      const [a, b] = ['a', 'b'].map((id, n) => incident(id, ruleId(n + 1)));
      await store.openIncident(a, [notify(a)]);
      await store.openIncident(b, [notify(b)]);
      await store.delivered(`${a.id}:opened:1`);
      await store.delivered(`${run}-unknown:opened:1`);
      await expect(keysOf()).resolves.toEqual([`${b.id}:opened:1`]);
    });

    it('records a failed attempt and keeps the notification in its place', async () => {
      const [a, b] = ['a', 'b'].map((id, n) => incident(id, ruleId(n + 1)));
      await store.openIncident(a, [notify(a)]);
      await store.openIncident(b, [notify(b)]);
      await store.failed(`${a.id}:opened:1`, 'HTTP 500', 1_000);
      await store.failed(`${a.id}:opened:1`, 'timed out after 10000 ms', 2_000);
      await store.failed(`${run}-unknown:opened:1`, 'HTTP 500', 1_000);
      const [first, second] = await pendingOf();
      expect(first).toMatchObject({ key: `${a.id}:opened:1`, attempts: 2, lastError: 'timed out after 10000 ms' });
      expect(first.retryAtMs).toBe(2_000);
      expect(second).toMatchObject({ key: `${b.id}:opened:1`, attempts: 0 });
    });

    it('tells its listeners after a write that enqueued notifications, not after one that did not', async () => {
      const heard: string[] = [];
      const stop = store.onEnqueued(() => heard.push('enqueued'));
      try {
        const opened = incident('a');
        await store.openIncident(opened, [notify(opened)]);
        await store.openIncident(incident('b'), [notify(opened)]);
        await store.acknowledge(opened.id, '2026-05-01T06:10:00.000Z', 'anna');
        expect(heard).toEqual(['enqueued']);
      } finally {
        stop();
      }
    });

    it('keeps incidents and the outbox for the next handle on the same data', async () => {
      const opened = incident('a');
      await store.openIncident(opened, [notify(opened)]);
      await store.failed(`${opened.id}:opened:1`, 'HTTP 503', 5_000);
      const other = await open();
      try {
        await expect(other.openIncidents()).resolves.toContainEqual(opened);
        const [notification] = (await other.pending(1000)).filter((n) => n.incidentId === opened.id);
        expect(notification).toMatchObject({ key: `${opened.id}:opened:1`, attempts: 1, retryAtMs: 5_000 });
        await expect(other.openIncident(incident('b'), [])).resolves.toBe(false);
      } finally {
        if (other !== store) await other.close();
      }
    });
  });
}
