export * from './lib/acknowledging-mqtt.server';
export * from './lib/event-publisher';
export * from './lib/messaging.module';
export * from './lib/mqtt-delivery.util';
export * from './lib/mqtt-options';
export * from './lib/raw-json.deserializer';
export * from './lib/raw-json.serializer';
export * from './lib/resilient-mqtt.client';
