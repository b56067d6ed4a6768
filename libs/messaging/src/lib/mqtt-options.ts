import { randomBytes } from 'node:crypto';
import { MqttOptions, Transport } from '@nestjs/microservices';
import { RawJsonDeserializer } from './raw-json.deserializer';
import { RawJsonSerializer } from './raw-json.serializer';

/** A message the broker publishes for a client that goes away without saying goodbye. */
export interface LastWill {
  topic: string;
  payload: unknown;
  qos?: 0 | 1 | 2;
  retain?: boolean;
}

/** Where a broker is and how to log in to it. */
export interface BrokerAccess {
  url: string;
  /** User and password, unless `url` carries them in its user info. */
  username?: string;
  password?: string;
  /** PEM certificates of the CA that signed the broker's certificate (for `mqtts://` and `wss://`). */
  ca?: string;
}

/** The broker connection of one service. */
export interface BrokerConnection extends BrokerAccess {
  /** Client id of the subscribing (server) connection; the publishing connection gets `<id>-pub`. */
  clientId: string;
  /** A persistent session (`clean: false`): the broker keeps QoS 1 messages while the service is away. */
  persistentSession?: boolean;
  /**
   * Speak MQTT 5 and let the broker have this many QoS 1 messages in flight to the client. Under
   * MQTT 3.1.1 a stock Mosquitto keeps 20 in flight and queues 1,000 more, and drops the rest of a
   * burst; a large Receive Maximum lets the whole burst flow to a client that keeps up.
   */
  receiveMaximum?: number;
  will?: LastWill;
}

/** The largest Receive Maximum MQTT 5 allows. */
export const MAX_RECEIVE_MAXIMUM = 65_535;
/** MQTT 5's "the session never expires", which MQTT 3.1.1's `clean: false` means. */
const SESSION_NEVER_EXPIRES = 0xffff_ffff;

const RECONNECT_PERIOD_MS = 1000;
const CONNECT_TIMEOUT_MS = 5000;

/** A client id unique to this process: `<service>-<random>`. Two processes never share one. */
export function uniqueClientId(service: string): string {
  return `eventcast-${service}-${randomBytes(4).toString('hex')}`;
}

/** The client id of the publishing connection that belongs to the subscribing connection `clientId`. */
export function publisherClientId(clientId: string): string {
  return `${clientId}-pub`;
}

/**
 * The parts of a broker URL as mqtt.js options, read with the WHATWG `URL`. Given a URL, mqtt.js
 * reads it with Node's `url.parse()`, which Node 24 and newer warn about on stderr as it runs
 * (DEP0169): so every client gets the parts instead, and an empty `url`.
 */
export function brokerUrlOptions(url: string) {
  const parsed = new URL(url);
  return {
    protocol: parsed.protocol.replace(/:$/, '') as NonNullable<NonNullable<MqttOptions['options']>['protocol']>,
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    ...(parsed.port !== '' && { port: Number(parsed.port) }),
    ...(parsed.username !== '' && { username: decodeURIComponent(parsed.username) }),
    ...(parsed.password !== '' && { password: decodeURIComponent(parsed.password) }),
    ...(parsed.pathname !== '' && parsed.pathname !== '/' && { path: `${parsed.pathname}${parsed.search}` }),
  };
}

function connectionOptions(connection: BrokerConnection, clientId: string, will?: LastWill) {
  return {
    // Nest hands mqtt.js `url` and the options; an empty one makes mqtt.js take the broker from these.
    url: '',
    ...brokerUrlOptions(connection.url),
    ...(connection.username !== undefined && { username: connection.username }),
    ...(connection.password !== undefined && { password: connection.password }),
    ...(connection.ca !== undefined && { ca: connection.ca }),
    clientId,
    clean: !connection.persistentSession,
    reconnectPeriod: RECONNECT_PERIOD_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // Else mqtt-packet fills a cache of all 65,536 packet ids as 2-byte Buffers at the first packet
    // a client writes: 6 MiB of every service's heap (docs/decisions.md, "Footprint").
    writeCache: false,
    serializer: new RawJsonSerializer(),
    deserializer: new RawJsonDeserializer(),
    ...(connection.receiveMaximum && {
      protocolVersion: 5 as const,
      properties: {
        receiveMaximum: connection.receiveMaximum,
        ...(connection.persistentSession && { sessionExpiryInterval: SESSION_NEVER_EXPIRES }),
      },
    }),
    ...(will && {
      will: {
        topic: will.topic,
        payload: JSON.stringify(will.payload),
        qos: will.qos ?? 1,
        retain: will.retain ?? false,
      },
    }),
  };
}

/** Options of the Nest MQTT server (the subscribing side) of a service. */
export function mqttServerOptions(connection: BrokerConnection): NonNullable<MqttOptions['options']> {
  return { ...connectionOptions(connection, connection.clientId), subscribeOptions: { qos: 1 } };
}

/** The Nest MQTT transport (the subscribing side) of a service. */
export function mqttTransportOptions(connection: BrokerConnection): MqttOptions {
  return { transport: Transport.MQTT, options: mqttServerOptions(connection) };
}

/** Options of the Nest MQTT client (the publishing side) of a service; it carries the last will. */
export function mqttPublisherOptions(connection: BrokerConnection): NonNullable<MqttOptions['options']> {
  return connectionOptions(
    { ...connection, persistentSession: false },
    publisherClientId(connection.clientId),
    connection.will,
  );
}
