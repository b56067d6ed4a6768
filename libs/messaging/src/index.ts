export * from './event-publisher';
export * from './messaging.module';
export * from './mqtt-delivery.util';
export * from './mqtt-options';
export * from './raw-json.deserializer';
export * from './raw-json.serializer';
export * from './resilient-mqtt.client';
