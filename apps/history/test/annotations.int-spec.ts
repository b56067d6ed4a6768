import { connectAsync, MqttClient } from 'mqtt';
import type { AnnotationsQuery, HistorySchemas } from '@eventcast/api-client';
import { blockTopic, quantity as q } from '@eventcast/domain';
import { answerOf, historyStores, PrivateBroker, ServiceUnderTest, waitFor } from '@eventcast/testing';
import { HistoryUnderTest } from './history-under-test';

type Annotation = HistorySchemas['AnnotationDto'];

/** Where no datastore answers: the controller keeps its blocks alone. */
const NO_DATASTORE_URL = 'http://127.0.0.1:9';
const SERVICE_ID = 'annotated';
const SETTING = `${SERVICE_ID}/Beer setpoint/setting[degC]`;
const OTHER_BLOCK = `${SERVICE_ID}/Fridge setpoint/setting[degC]`;

describe.each(historyStores())(
  'the annotations of the history service on $label, with the built controller',
  ({ env }) => {
    let broker: PrivateBroker;
    let history: HistoryUnderTest;
    let controller: ServiceUnderTest<'controller'>;
    let publisher: MqttClient;

    const annotationsOf = async (query: AnnotationsQuery): Promise<Annotation[]> => {
      const { data, error } = await history.client.GET('/annotations', { params: { query } });
      if (!data) throw new Error(`the annotations were refused: ${JSON.stringify(error)}`);
      return data;
    };
    /** The annotations of `field`'s graph over the last hour once one matches `match`, as a graph reads them. */
    const eventually = (what: string, field: string, match: (annotation: Annotation) => boolean) =>
      waitFor(what, async () => {
        const found = await annotationsOf({ field: [field], duration: '1h' });
        return found.some(match) && found;
      });
    const setpoint = (data: Record<string, unknown>, id = 'Beer setpoint') => ({
      id,
      serviceId: SERVICE_ID,
      type: 'SetpointSensorPair',
      data,
    });

    beforeAll(async () => {
      broker = await PrivateBroker.start();
      history = await (await HistoryUnderTest.create({ ...env, MQTT_URL: broker.url })).start();
      controller = await ServiceUnderTest.start('controller', {
        SERVICE_ID,
        MQTT_URL: broker.url,
        DATASTORE_URL: NO_DATASTORE_URL,
      });
      publisher = await connectAsync(broker.url);
      for (const id of ['Beer setpoint', 'Fridge setpoint']) {
        const created = await answerOf(
          controller.client.POST('/blocks/create', {
            body: setpoint({ enabled: true, storedSetting: q('degC', 18) }, id),
          }),
        );
        expect(created.status).toBe(201);
      }
    }, 60_000);

    afterAll(async () => {
      await publisher?.endAsync();
      await controller?.stop();
      await history?.end();
      await broker?.stop();
    });

    it("shows the controller's start on the graph of each of its fields", async () => {
      const found = await eventually('the start', SETTING, (annotation) => annotation.kind === 'started');
      expect(found.find((annotation) => annotation.kind === 'started')).toMatchObject({
        controller: SERVICE_ID,
        blocks: [],
        origin: { via: 'controller' },
      });
    });

    it("shows a REST patch on the patched block's graph, from what to what and by whom, and not on another block's", async () => {
      const patched = await answerOf(
        controller.client.POST('/blocks/patch', {
          body: setpoint({ storedSetting: q('degC', 21.5) }),
          params: { header: { 'Eventcast-Origin': 'quick action Warm up' } },
        }),
      );
      expect(patched.status).toBe(200);
      const isPatch = (annotation: Annotation) => annotation.origin?.by === 'quick action Warm up';
      const found = await eventually('the REST patch', SETTING, isPatch);
      expect(found.find(isPatch)).toMatchObject({
        kind: 'patched',
        controller: SERVICE_ID,
        blocks: ['Beer setpoint'],
        origin: { via: 'rest', by: 'quick action Warm up' },
        changes: [
          {
            id: 'Beer setpoint',
            type: 'SetpointSensorPair',
            change: 'changed',
            fields: [{ field: 'storedSetting', from: q('degC', 18), to: q('degC', 21.5) }],
          },
        ],
      });
      const ofOther = await annotationsOf({ field: [OTHER_BLOCK], duration: '1h' });
      expect(ofOther.filter(isPatch)).toEqual([]);
    });

    it('shows a patch through MQTT as coming from MQTT, with the name the message gave', async () => {
      await publisher.publishAsync(
        blockTopic('patch'),
        JSON.stringify({ ...setpoint({ storedSetting: q('degC', 4) }), origin: 'quick action Cold crash' }),
        { qos: 1 },
      );
      const isPatch = (annotation: Annotation) => annotation.origin?.by === 'quick action Cold crash';
      const found = await eventually('the MQTT patch', SETTING, isPatch);
      expect(found.find(isPatch)).toMatchObject({
        kind: 'patched',
        origin: { via: 'mqtt' },
        changes: [{ fields: [{ field: 'storedSetting', from: q('degC', 21.5), to: q('degC', 4) }] }],
      });
    });

    it('keeps a note over a span and shows it on every graph; refuses a bad note, naming the problems, and keeps nothing', async () => {
      const added = await history.client.POST('/annotations', {
        body: {
          text: 'Pitched the yeast',
          time: new Date(Date.now() - 60_000).toISOString(),
          end: new Date().toISOString(),
        },
      });
      expect(added.response.status).toBe(201);
      const note = added.data as Annotation;
      expect(note).toMatchObject({ kind: 'note', text: 'Pitched the yeast', blocks: [] });
      const found = await eventually('the note', 'elsewhere/some/field', (annotation) => annotation.id === note.id);
      expect(found.find((annotation) => annotation.id === note.id)?.end).toEqual(expect.any(String));

      const refused = await answerOf(
        history.client.POST('/annotations', { body: { text: '', colour: 'red' } as unknown as { text: string } }),
      );
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toMatch(/colour/);
      expect(JSON.stringify(refused.body)).toMatch(/text/);
      const notes = await annotationsOf({ kind: ['note'], duration: '1h' });
      expect(notes.map((one) => one.text)).toEqual(['Pitched the yeast']);
    });

    it.each([
      ['a controller', { controller: null }, /controller must be a controller's id/],
      ['a block', { controller: SERVICE_ID, block: null }, /block.*must start with a letter/],
      ['a time', { time: null }, /time must be an ISO 8601 time/],
      ['an end', { end: null }, /end must be an ISO 8601 time/],
    ])('refuses %s sent as null, naming it, and keeps nothing', async (_, nulls, message) => {
      const text = `Gravity 1.012 (${Object.keys(nulls).join(', ')} null)`;
      const refused = await answerOf(
        history.client.POST('/annotations', { body: { text, ...nulls } as unknown as { text: string } }),
      );
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toMatch(message);
      const notes = await annotationsOf({ kind: ['note'], duration: '1h' });
      expect(notes.map((one) => one.text)).not.toContain(text);
    });

    it('refuses a query it cannot answer, saying why', async () => {
      const refused = await answerOf(
        history.client.GET('/annotations', { params: { query: { kind: ['exploded' as never], limit: 0 } } }),
      );
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toMatch(/kind must be one of/);
    });

    it('shows a controller that died without stopping as gone offline', async () => {
      await controller.stop('SIGKILL');
      const found = await eventually('the controller offline', SETTING, (annotation) => annotation.kind === 'offline');
      expect(found.filter((annotation) => annotation.kind === 'offline')).toEqual([
        expect.objectContaining({ controller: SERVICE_ID, blocks: [] }),
      ]);
    });
  },
);
