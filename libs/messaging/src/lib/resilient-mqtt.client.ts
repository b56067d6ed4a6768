import { ClientMqtt } from '@nestjs/microservices';
import { RawJsonSerializer } from './raw-json.serializer';

/**
 * Nest's MQTT client remembers a failed first connection and fails every later emit with it, even
 * after mqtt.js has reconnected by itself. This one trusts the live connection instead.
 */
export class ResilientMqttClient extends ClientMqtt {
  override connect(): Promise<unknown> {
    return super.connect().catch((error: unknown) => {
      if (this.mqttClient?.connected) return undefined;
      throw error;
    });
  }

  /** Bytes of the payloads serialized for publishing since start-up (`RawJsonSerializer`). */
  get serializedBytes(): number {
    return this.serializer instanceof RawJsonSerializer ? this.serializer.bytes : 0;
  }

  /** Whether the broker connection is up right now. */
  get isConnected(): boolean {
    return this.mqttClient?.connected === true;
  }
}
