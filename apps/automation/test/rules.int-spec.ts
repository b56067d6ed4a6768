import { connectAsync, MqttClient } from 'mqtt';
import { Rule, RULES_NAMESPACE } from '@eventcast/automation-model';
import { historyTopic, incidentsTopic, stateTopic } from '@eventcast/domain';
import { MqttRecorder, NotificationReceiver, PrivateBroker, ServiceUnderTest, waitFor } from '@eventcast/testing';

const FIELD = 'cellar/Beer sensor/value[degC]';

/** A rule of the test, its webhook at the receiver's `/<id>`. */
function rule(id: string, trigger: Rule['trigger'], receiver: NotificationReceiver): Rule {
  return {
    namespace: RULES_NAMESPACE,
    id,
    title: `Rule ${id}`,
    enabled: true,
    trigger,
    actions: [{ type: 'webhook', url: `${receiver.url}/${id}`, template: 'ntfy' }, { type: 'web' }],
  };
}

/**
 * Rules on the live bus, with the real Mosquitto, the built datastore and automation service, and
 * a local HTTP receiver standing in for ntfy.
 */
describe('rules watching the bus (built automation service)', () => {
  let broker: PrivateBroker;
  let datastore: ServiceUnderTest<'datastore'>;
  let automation: ServiceUnderTest<'automation'>;
  let receiver: NotificationReceiver;
  let bus: MqttClient;
  let incidents: MqttRecorder;

  const publish = (value: number) =>
    bus.publishAsync(
      historyTopic('cellar'),
      JSON.stringify({ key: 'cellar', data: { 'Beer sensor': { 'value[degC]': value } } }),
      {
        qos: 1,
      },
    );
  const save = async (value: Rule) => {
    const { data, error, response } = await automation.client.POST('/rules/save', { body: { value: { ...value } } });
    return { status: response.status, data, error: error as { message?: string[] } | undefined };
  };
  const notified = (id: string) => receiver.taken.filter(({ path }) => path === `/${id}`);
  const incidentsOf = async (ruleId: string) =>
    (await automation.client.POST('/incidents/list', { body: { ruleId } })).data?.values ?? [];

  beforeAll(async () => {
    broker = await PrivateBroker.start();
    receiver = await NotificationReceiver.start();
    datastore = await ServiceUnderTest.start('datastore', { MQTT_URL: broker.url });
    automation = await ServiceUnderTest.start('automation', {
      MQTT_URL: broker.url,
      DATASTORE_URL: datastore.url,
      HISTORY_URL: 'http://127.0.0.1:9',
    });
    bus = await connectAsync(broker.url);
    incidents = await MqttRecorder.connect(broker.url, incidentsTopic('#'));
    // The field must have been seen for a rule to name it (the history service is away here).
    await publish(20);
    await waitFor('the service to see the field', async () => {
      const { data } = await automation.client.POST('/rules/check', {
        body: { value: { ...rule('probe', { type: 'stale', field: FIELD, forS: 60 }, receiver) } },
      });
      return data?.problems.length === 0;
    });
  }, 60_000);

  afterAll(async () => {
    await incidents?.close();
    await bus?.endAsync();
    await automation?.stop();
    await datastore?.stop();
    await receiver?.close();
    await broker?.stop();
  });

  it('refuses a bad rule with one message per problem, and saves nothing', async () => {
    const bad = {
      ...rule(
        'bad',
        { type: 'threshold', field: 'cellar/nowhere[degC]', when: 'above', threshold: { value: 5 } },
        receiver,
      ),
      colour: 'red',
    } as Rule;
    const { status, error } = await save(bad);
    expect(status).toBe(400);
    expect(error?.message).toEqual([
      'unknown property colour',
      'trigger.field: no history field cellar/nowhere[degC] (is the controller publishing it?)',
    ]);
    const listed = (await automation.client.POST('/rules/list')).data?.values ?? [];
    expect(listed.map((saved) => (saved as { id: string }).id)).not.toContain('bad');
  });

  it('refuses a threshold in a unit that does not fit the field', async () => {
    const { status, error } = await save(
      rule(
        'percent',
        { type: 'threshold', field: FIELD, when: 'above', threshold: { value: 5, unit: 'second' } },
        receiver,
      ),
    );
    expect(status).toBe(400);
    expect(error?.message).toEqual([expect.stringMatching(/^trigger\.threshold: 5 second does not fit/)]);
  });

  it('fires a threshold rule once when the beer is too warm, notifies, and closes when it cools', async () => {
    const id = 'too-warm';
    expect(
      (
        await save(
          rule(
            id,
            {
              type: 'threshold',
              field: FIELD,
              when: 'above',
              threshold: { value: 71.6, unit: 'degF' },
              hysteresis: { value: 0.5 },
            },
            receiver,
          ),
        )
      ).status,
    ).toBe(200);
    await waitFor(
      'the rule to be watched',
      async () =>
        (await automation.client.POST('/rules/list')).data?.values.some(
          (saved) => (saved as { id: string }).id === id,
        ) ?? false,
    );
    // The datastore announces the rule; the service watches it once it heard the announcement.
    await waitFor('the rule to fire', async () => {
      await publish(23);
      return notified(id).length > 0;
    });
    await publish(23.5);
    const [open] = await incidentsOf(id);
    expect(open).toEqual(
      expect.objectContaining({ ruleId: id, value: expect.any(Number), message: expect.stringContaining(FIELD) }),
    );
    expect(open.closedAt).toBeUndefined();

    await publish(21.8); // inside the hysteresis: still open
    await publish(21.2);
    await waitFor('the incident to close', async () => (await incidentsOf(id))[0]?.closedAt !== undefined);
    await waitFor('the closing notification', () => notified(id).length === 2);
    expect(notified(id).map(({ key }) => key.split(':')[1])).toEqual(['opened', 'closed']);
    expect(notified(id)[0].headers['title']).toContain(`Rule ${id}`);
    await waitFor('the incident events', () =>
      ['opened', 'closed'].every((type) =>
        incidents.on<{ type: string }>(incidentsTopic(id)).some(({ payload }) => payload.type === type),
      ),
    );
  });

  it('fires once for a noisy sensor around the threshold, thanks to the hysteresis', async () => {
    const id = 'noisy';
    await publish(20);
    expect(
      (
        await save(
          rule(
            id,
            { type: 'threshold', field: FIELD, when: 'above', threshold: { value: 25 }, hysteresis: { value: 1 } },
            receiver,
          ),
        )
      ).status,
    ).toBe(200);
    await waitFor('the rule to fire', async () => {
      await publish(25.3);
      return notified(id).length > 0;
    });
    for (const value of [24.6, 25.4, 24.3, 25.2, 24.5, 25.1]) await publish(value);
    await publish(23.5);
    await waitFor('the incident to close', async () => (await incidentsOf(id))[0]?.closedAt !== undefined);
    await waitFor('the closing notification', () => notified(id).length === 2);
    expect(await incidentsOf(id)).toHaveLength(1);
  });

  it('fires when a sensor goes quiet, and when a controller sends its last will', async () => {
    const stale = 'quiet';
    const quietField = 'cellar/Fridge sensor/value[degC]';
    await bus.publishAsync(
      historyTopic('cellar'),
      JSON.stringify({ key: 'cellar', data: { 'Fridge sensor': { 'value[degC]': 4 } } }),
    );
    await waitFor(
      'the field to be known',
      async () => (await save(rule(stale, { type: 'stale', field: quietField, forS: 1 }, receiver))).status === 200,
    );
    await waitFor('the quiet sensor to fire', () => notified(stale).length > 0, 10_000);

    const offline = 'cellar-offline';
    await bus.publishAsync(
      stateTopic('cellar-controller'),
      JSON.stringify({
        key: 'cellar-controller',
        type: 'Controller.state',
        data: {
          status: { connected: true, deviceId: 'A', version: '1', temperatureUnit: 'degC' },
          blocks: [],
          relations: [],
        },
      }),
      { qos: 1, retain: true },
    );
    await waitFor(
      'the controller to be known',
      async () =>
        (await save(rule(offline, { type: 'offline', serviceId: 'cellar-controller' }, receiver))).status === 200,
    );
    await bus.publishAsync(
      stateTopic('cellar-controller'),
      JSON.stringify({ key: 'cellar-controller', type: 'Controller.state', data: null }),
      { qos: 1, retain: true },
    );
    await waitFor('the offline controller to fire', () => notified(offline).length > 0);
    expect((await incidentsOf(offline))[0].subject).toContain('cellar-controller');
  });

  it('opens no second incident after a SIGKILL while one is open, and closes the first when the trigger clears', async () => {
    const id = 'killed';
    await publish(20);
    expect(
      (await save(rule(id, { type: 'threshold', field: FIELD, when: 'above', threshold: { value: 30 } }, receiver)))
        .status,
    ).toBe(200);
    await waitFor('the rule to fire', async () => {
      await publish(31);
      return notified(id).length > 0;
    });
    await automation.stop('SIGKILL');
    automation = await ServiceUnderTest.start('automation', automation.env);
    await waitFor('the service to watch its rules again', async () => {
      await publish(32);
      return /watching \d+ rules, \d+ incidents open/.test(automation.log);
    });
    await publish(33);
    // The restarted service may subscribe a moment after it says it watches its rules: the beer
    // cools until the incident closes.
    await waitFor('the incident to close', async () => {
      await publish(20);
      return (await incidentsOf(id))[0]?.closedAt !== undefined;
    });
    const keys = () => [...new Set(notified(id).map(({ key }) => key))];
    await waitFor('the closing notification', () => keys().some((key) => key.includes(':closed:')));
    expect(await incidentsOf(id)).toHaveLength(1);
    // A notification in flight at the kill may come twice, under the same key (docs/automation.md).
    expect(keys().map((key) => key.split(':')[1])).toEqual(['opened', 'closed']);
  });

  it('acknowledges an incident once, and says which it does not know', async () => {
    const [incident] = await incidentsOf('cellar-offline');
    const acknowledged = await automation.client.POST('/incidents/acknowledge', {
      body: { id: incident.id, by: 'Anna' },
    });
    expect(acknowledged.data?.value).toEqual(
      expect.objectContaining({ acknowledgedBy: 'Anna', acknowledgedAt: expect.any(String) }),
    );
    const again = await automation.client.POST('/incidents/acknowledge', { body: { id: incident.id, by: 'Ben' } });
    expect(again.data?.value.acknowledgedBy).toBe('Anna');
    const unknown = await automation.client.POST('/incidents/acknowledge', { body: { id: 'no-such-incident' } });
    expect(unknown.response.status).toBe(404);
  });
});
