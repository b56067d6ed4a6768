import { ConsumerDeserializer, IncomingEvent } from '@nestjs/microservices';

/**
 * Hands the whole payload to the handler of the topic. Nest's default treats a payload with a
 * `data` field as its own envelope and drops the rest (a history event's `key` would be lost,
 * nestjs/nest#13675). A payload that is not JSON arrives as its text, for the handler to reject.
 */
export class RawJsonDeserializer implements ConsumerDeserializer {
  deserialize(value: unknown, options?: { channel?: string }): IncomingEvent {
    return { pattern: options?.channel ?? '', data: value };
  }
}
