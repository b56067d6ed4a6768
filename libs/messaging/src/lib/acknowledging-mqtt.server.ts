import { CustomStrategy, MqttContext, ServerMqtt } from '@nestjs/microservices';
import type { IPublishPacket, MqttClient } from 'mqtt';
import { BrokerConnection, mqttServerOptions } from './mqtt-options';

const refusedDeliveries = new WeakMap<object, string>();
/** Topics whose handler the server keeps: one per controller and then some. */
const MAX_TOPICS_KEPT = 10_000;

/**
 * Tells the transport that the handler could not keep this delivery (its spool is full, say): it is
 * not acknowledged, so the broker delivers it again. Only `AcknowledgingMqttServer` heeds it.
 */
export function refuseDelivery(context: MqttContext, reason: string): void {
  refusedDeliveries.set(context.getPacket(), reason);
}

/**
 * Nest's MQTT server, acknowledging a QoS 1 message only once its handler has settled, so an
 * acknowledged message is one the handler has taken; Nest's own server acknowledges on arrival.
 * mqtt.js hands messages over one at a time and reads the next only after the acknowledgement, so
 * handlers must be quick. After a refused delivery the server drops the connection and refuses the
 * rest of what that connection brought: the broker delivers all of it again, in order, once mqtt.js
 * has reconnected.
 */
export class AcknowledgingMqttServer extends ServerMqtt {
  private refusing = false;
  /** The handler of each topic seen, found once: Nest looks it up for every message. */
  private readonly handlerOfTopic = new Map<string, ReturnType<ServerMqtt['getHandlerByPattern']>>();

  override bindEvents(mqttClient: MqttClient): void {
    mqttClient.on('connect', () => (this.refusing = false));
    mqttClient.handleMessage = (packet, done) => {
      // A delivery settled after the connection began to close is not acknowledged: mqtt.js would
      // write the acknowledgement after its socket ended, and the broker delivers it again anyway.
      const settle = (error?: Error) => {
        if (!mqttClient.disconnecting && !mqttClient.disconnected) done(error);
      };
      this.handleDelivery(mqttClient, packet).then(() => settle(), settle);
    };
    super.bindEvents(mqttClient);
  }

  /**
   * Nest's lookup, kept per topic (at most `MAX_TOPICS_KEPT`, then afresh): for a topic that is not
   * JSON it throws and catches a `SyntaxError` before it matches the handlers' patterns, a twentieth
   * of the history service's ingest CPU. The handlers are all added before the server listens.
   */
  override getHandlerByPattern(topic: string): ReturnType<ServerMqtt['getHandlerByPattern']> {
    let handler = this.handlerOfTopic.get(topic);
    if (handler === undefined) {
      handler = super.getHandlerByPattern(topic);
      if (this.handlerOfTopic.size >= MAX_TOPICS_KEPT) this.handlerOfTopic.clear();
      this.handlerOfTopic.set(topic, handler);
    }
    return handler;
  }

  /** Nest's handler of the `message` event; messages go through `handleMessage` of mqtt.js instead. */
  override getMessageHandler(): () => Promise<void> {
    return async () => undefined;
  }

  private async handleDelivery(mqttClient: MqttClient, packet: IPublishPacket): Promise<void> {
    if (this.refusing) throw new Error('refusing deliveries until the connection is made again');
    const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
    await this.handleMessage(packet.topic, payload, mqttClient, packet);
    const reason = refusedDeliveries.get(packet);
    if (reason === undefined) return;
    this.refusing = true;
    this.logger.warn(
      `did not acknowledge a message on ${packet.topic} (${reason}); reconnecting, so that the broker delivers it again`,
    );
    mqttClient.stream.destroy();
    throw new Error(reason);
  }
}

/** The MQTT transport of a service whose handlers must have taken a message before it is acknowledged. */
export function acknowledgingMqttTransport(connection: BrokerConnection): CustomStrategy {
  return { strategy: new AcknowledgingMqttServer(mqttServerOptions(connection)) };
}
