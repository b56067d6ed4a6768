import { MqttRecord, Serializer } from '@nestjs/microservices';

/**
 * Publishes the payload only, as JSON, instead of Nest's `{pattern, data}` envelope, because the
 * peers on the bus are plain MQTT clients. Per-message options travel in an `MqttRecord`.
 */
export class RawJsonSerializer implements Serializer {
  /** Bytes of the payloads serialized so far, as UTF-8. */
  bytes = 0;

  serialize(packet: { data?: unknown }): string {
    const payload = packet.data instanceof MqttRecord ? packet.data.data : packet.data;
    const text = JSON.stringify(payload ?? null);
    this.bytes += Buffer.byteLength(text);
    return text;
  }
}
