import { connectAsync, MqttClient } from 'mqtt';
import WebSocket from 'ws';
import type { IncidentEvent } from '@eventcast/automation-model';
import {
  datastoreTopic,
  historyTopic,
  incidentsTopic,
  stateTopic,
  type DatastoreEvent,
  type StateEvent,
} from '@eventcast/domain';
import {
  ANNOTATIONS_STREAM_PATH,
  type AnnotationFrame,
  CONTROLLER_STREAM_PATH,
  type ControllerEvent,
  DOCUMENTS_STREAM_PATH,
  expectClientReads,
  expectFeedReads,
  followAnnotations,
  followControllers,
  followDocuments,
  followIncidents,
  HISTORY_STREAM_PATH,
  HistoryStream,
  type LiveFeed,
  streamProtocols,
  streamUrl,
  type StreamFrames,
} from '@eventcast/live-stream';
import { PrivateBroker, ServiceUnderTest, waitFor } from '@eventcast/testing';
import { StreamClient } from './stream-client';

const TOKEN = 'live-stream-contract-token-0123456789';

/**
 * The stream contract: the web app's own feed code (from `@eventcast/live-stream`) against the
 * built history app, and every frame the server sends held to `expectClientReads`. A change of a
 * path, a frame or the token subprotocol on either side fails here.
 */
describe('the web client of the live streams against the built history app', () => {
  let broker: PrivateBroker;
  let history: ServiceUnderTest<'history'>;
  let publisher: MqttClient;
  let page: { protocol: string; host: string };
  let stream: HistoryStream;
  const closes: (() => void)[] = [];

  /**
   * A raw client of the history stream that follows `feed`, once the service says it does; every
   * frame of the follow must be read by the web app as sent.
   */
  const rawFeed = async <F extends LiveFeed>(feed: F) => {
    const raw = await StreamClient.open(
      `${history.url.replace(/^http/, 'ws')}${HISTORY_STREAM_PATH}`,
      streamProtocols(TOKEN),
    );
    closes.push(() => raw.close());
    raw.send({ id: 'raw', command: 'follow', feed });
    await raw.next(`the service to follow ${feed}`, (reply) => reply.id === 'raw' && reply.following === true);
    return () =>
      raw.replies
        .filter((reply) => reply.id === 'raw' && 'data' in reply)
        .map((reply) => expectFeedReads(feed, JSON.stringify(reply)));
  };

  /** A raw client of `path` whose every frame must be read by the web app as sent. */
  const rawFrames = async <P extends keyof StreamFrames>(path: P) => {
    const raw = await StreamClient.open(`${history.url.replace(/^http/, 'ws')}${path}`, streamProtocols(TOKEN));
    closes.push(() => raw.close());
    return {
      raw,
      /** Every frame received so far, as the web app reads it; throws on one it does not read as sent. */
      read: () => raw.replies.map((reply) => expectClientReads(path, JSON.stringify(reply))),
    };
  };

  beforeAll(async () => {
    // The browser's WebSocket, which the web app's feeds open; Node 20 has none of its own.
    (globalThis as { WebSocket?: unknown }).WebSocket = WebSocket;
    broker = await PrivateBroker.start();
    history = await ServiceUnderTest.start('history', { MQTT_URL: broker.url, API_TOKEN: TOKEN });
    publisher = await connectAsync(broker.url);
    page = { protocol: 'http:', host: new URL(history.url).host };
    // The page's one socket, as the web app's connection opens it: every feed below goes through it.
    stream = new HistoryStream(streamUrl(HISTORY_STREAM_PATH, page), TOKEN);
    closes.push(() => stream.close());
  }, 40_000);

  afterAll(async () => {
    for (const close of closes) close();
    await publisher?.endAsync();
    await history?.stop();
    await broker?.stop();
  });

  it("hands the web app's controller feed each controller's state as published", async () => {
    const state: StateEvent = {
      key: 'contract-cellar',
      type: 'Controller.state',
      data: {
        status: { connected: true, deviceId: 'ABC', version: 'simulated-1', temperatureUnit: 'degC' },
        blocks: [],
        relations: [],
      },
    };
    const events: ControllerEvent[] = [];
    let open = false;
    closes.push(
      followControllers(stream, { onEvent: (event) => events.push(event), onOpenChange: (now) => (open = now) }),
    );
    await waitFor('the controller feed to open', () => open);
    const { read } = await rawFrames(CONTROLLER_STREAM_PATH);
    const followed = await rawFeed('controllers');
    await publisher.publishAsync(stateTopic('contract-cellar'), JSON.stringify(state), { qos: 1, retain: true });

    await waitFor('the state in the feed', () => events.length > 0);
    await waitFor('the state on the raw streams', () => read().length > 0 && followed().length > 0);
    expect({ feed: events, raw: read(), followed: followed() }).toEqual({
      feed: [state],
      raw: [state],
      followed: [state],
    });
  });

  it("hands the web app's documents feed each change event as published", async () => {
    const change: DatastoreEvent = { changed: [{ namespace: 'svc-ui-store', id: 'contract', cols: 3 }] };
    const events: DatastoreEvent[] = [];
    let open = false;
    closes.push(
      followDocuments(stream, { onEvent: (event) => events.push(event), onOpenChange: (now) => (open = now) }),
    );
    await waitFor('the documents feed to open', () => open);
    const { read } = await rawFrames(DOCUMENTS_STREAM_PATH);
    const followed = await rawFeed('documents');
    await publisher.publishAsync(datastoreTopic('svc-ui-store'), JSON.stringify(change), { qos: 1 });

    await waitFor('the change in the feed', () => events.length > 0);
    await waitFor('the change on the raw streams', () => read().length > 0 && followed().length > 0);
    expect({ feed: events, raw: read(), followed: followed() }).toEqual({
      feed: [change],
      raw: [change],
      followed: [change],
    });
  });

  it("hands the web app's annotations feed each annotation once it is stored, as the REST API lists it", async () => {
    const notes: AnnotationFrame[] = [];
    let open = false;
    closes.push(
      followAnnotations(stream, { onAnnotation: (note) => notes.push(note), onOpenChange: (now) => (open = now) }),
    );
    await waitFor('the annotations feed to open', () => open);
    const { read } = await rawFrames(ANNOTATIONS_STREAM_PATH);
    const followed = await rawFeed('annotations');
    const added = await history.client.POST('/annotations', { body: { text: 'Dry hopped' } });
    expect(added.response.status).toBe(201);

    await waitFor('the note in the feed', () => notes.length > 0);
    await waitFor('the note on the raw streams', () => read().length > 0 && followed().length > 0);
    expect({ feed: notes, raw: read(), followed: followed() }).toEqual({
      feed: [added.data],
      raw: [added.data],
      followed: [added.data],
    });
  });

  it("hands the web app's incidents feed each incident event of the automation service as published", async () => {
    const event: IncidentEvent = {
      type: 'opened',
      incident: {
        id: 'contract-1',
        ruleId: 'beer-too-warm',
        ruleTitle: 'Beer too warm',
        openedAt: '2026-11-28T10:00:00.000Z',
        subject: 'contract-fermenter/Beer/value[degC]',
        value: 23.1,
        message: 'contract-fermenter/Beer/value[degC] is 23.1, above 22',
      },
    };
    const events: IncidentEvent[] = [];
    let open = false;
    closes.push(
      followIncidents(stream, { onIncident: (heard) => events.push(heard), onOpenChange: (now) => (open = now) }),
    );
    await waitFor('the incidents feed to open', () => open);
    const followed = await rawFeed('incidents');
    await publisher.publishAsync(incidentsTopic('beer-too-warm'), JSON.stringify(event), { qos: 1 });
    await publisher.publishAsync(incidentsTopic('beer-too-warm'), JSON.stringify({ type: 'opened' }), { qos: 1 });

    await waitFor('the incident in the feed and on the raw stream', () => events.length > 0 && followed().length > 0);
    expect({ feed: events, followed: followed() }).toEqual({ feed: [event], followed: [event] });
  });

  it("answers the web app's history stream with data and error frames it reads", async () => {
    const field = 'contract-kettle/t';
    await publisher.publishAsync(
      historyTopic('contract-kettle'),
      JSON.stringify({ key: 'contract-kettle', data: { t: 21 } }),
      { qos: 1 },
    );
    const data: unknown[] = [];
    const errors: string[] = [];
    stream.subscribe({
      command: 'ranges',
      query: { fields: [field], duration: '1h' },
      onData: (series) => data.push(series),
    });
    stream.subscribe(
      { command: 'ranges', query: { fields: [field], duration: '1h', points: -1 }, onData: () => undefined },
      { onError: (message) => errors.push(message) },
    );
    const { raw, read } = await rawFrames(HISTORY_STREAM_PATH);
    raw.send({ id: 'q1', command: 'ranges', query: { fields: [field], duration: '1h' } });
    raw.send({ id: 'q2', command: 'ranges', query: { fields: [field], points: 'many' } });
    raw.send('not a command');

    await waitFor('an answer and an error in the feed', () => data.length > 0 && errors.length > 0);
    await waitFor('three frames on the raw stream', () => read().length >= 3);
    expect(data[0]).toEqual([expect.objectContaining({ field })]);
    expect(errors).toEqual([expect.stringContaining('points')]);
    expect(read().map((frame) => Object.keys(frame).sort())).toEqual(
      expect.arrayContaining([['data', 'id'], ['error', 'id'], ['error']]),
    );
  });
});
