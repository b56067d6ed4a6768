import { DynamicModule, Module } from '@nestjs/common';
import { EventPublisher, MQTT_PUBLISHER_CLIENT } from './event-publisher';
import { BrokerConnection, mqttPublisherOptions } from './mqtt-options';
import { ResilientMqttClient } from './resilient-mqtt.client';

/** Provides the `EventPublisher` of a service, on its own connection (client id `<id>-pub`). */
@Module({})
export class MessagingModule {
  static forRoot(connection: BrokerConnection): DynamicModule {
    return {
      module: MessagingModule,
      global: true,
      providers: [
        { provide: MQTT_PUBLISHER_CLIENT, useFactory: () => new ResilientMqttClient(mqttPublisherOptions(connection)) },
        EventPublisher,
      ],
      exports: [EventPublisher],
    };
  }
}
