import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { connect, type MqttClient } from 'mqtt';
import { brokerAccess } from '@eventcast/bootstrap';
import { STATE_TOPIC } from '@eventcast/domain';
import { ControllerStates } from '../../app/controller-states/controller-states.service';
import { HistoryConfig } from '../../config/history.config';

const RECONNECT_PERIOD_MS = 1000;

/**
 * Feeds `ControllerStates` from `eventcast/state/#` over a broker connection of its own
 * (`<MQTT_CLIENT_ID>-states`, a clean session): the ingest's persistent session would keep state
 * events queued while the service is away, in the queue the history events need, and the retained
 * states are handed over again at every subscription anyway.
 */
@Injectable()
export class MqttControllerStateFeed implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ControllerStates');
  private client?: MqttClient;

  constructor(
    @Inject(HistoryConfig) private readonly config: HistoryConfig,
    private readonly states: ControllerStates,
  ) {}

  onApplicationBootstrap(): void {
    const { url, username, password, ca } = brokerAccess(this.config);
    const client = connect(url, {
      clientId: `${this.config.mqttClientId}-states`,
      clean: true,
      reconnectPeriod: RECONNECT_PERIOD_MS,
      ...(username !== undefined && { username }),
      ...(password !== undefined && { password }),
      ...(ca !== undefined && { ca }),
    });
    client.on('connect', () => {
      client.subscribe(`${STATE_TOPIC}/#`, { qos: 1 }, (error) => {
        if (error) this.logger.error(`could not subscribe to the controllers' state events: ${error.message}`);
        else this.states.followed();
      });
    });
    client.on('close', () => this.states.lost());
    client.on('message', (topic, payload) => this.states.receive(topic, payload.toString()));
    // mqtt.js reports each failed reconnection as an error; it goes on trying by itself.
    client.on('error', () => undefined);
    this.client = client;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client?.endAsync();
  }
}
