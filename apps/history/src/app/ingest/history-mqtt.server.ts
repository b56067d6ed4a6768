import type { MqttClient } from 'mqtt';
import { AcknowledgingMqttServer, BrokerConnection, mqttServerOptions } from '@eventcast/messaging';
import { SessionBacklog } from './session-backlog';

/** The history service's MQTT server: acknowledging after the spool took a message, and counting the session's backlog at start. */
export class HistoryMqttServer extends AcknowledgingMqttServer {
  constructor(
    connection: BrokerConnection,
    private readonly backlog: SessionBacklog,
  ) {
    super(mqttServerOptions(connection));
  }

  override bindEvents(mqttClient: MqttClient): void {
    this.backlog.watch(mqttClient);
    super.bindEvents(mqttClient);
  }
}
