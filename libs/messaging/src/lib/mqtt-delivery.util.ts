import { MqttContext } from '@nestjs/microservices';

/** True when the broker delivered the message from its retained store rather than live. */
export function isRetainedDelivery(context: MqttContext): boolean {
  return context.getPacket().retain === true;
}
