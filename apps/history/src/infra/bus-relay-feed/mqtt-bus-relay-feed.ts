import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { connect, type MqttClient } from 'mqtt';
import { brokerAccess } from '@eventcast/bootstrap';
import { brokerUrlOptions } from '@eventcast/messaging';
import { DATASTORE_TOPIC, STATE_TOPIC, stateTopic, StoreUnavailableError } from '@eventcast/domain';
import { AutomationIncidents, INCIDENTS_SUBSCRIPTION } from '../../app/automation-incidents/automation-incidents';
import { ControllerStates } from '../../app/controller-states/controller-states.service';
import { DatastoreChanges } from '../../app/datastore-changes/datastore-changes.service';
import { ControllerStateBus } from '../../app/ports/controller-state-bus.port';
import { HistoryConfig } from '../../config/history.config';

const RECONNECT_PERIOD_MS = 1000;

/**
 * Feeds what the service relays to browsers, `ControllerStates` from `eventcast/state/#` and
 * `DatastoreChanges` from `eventcast/datastore/#`, over a broker connection of its own
 * (`<MQTT_CLIENT_ID>-states`, a clean session): the ingest's persistent session would keep these
 * events queued while the service is away, in the queue the history events need, and the retained
 * states are handed over again at every subscription anyway. It also clears a removed controller's
 * retained state there.
 */
@Injectable()
export class MqttBusRelayFeed implements ControllerStateBus, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('BusRelay');
  private client?: MqttClient;

  constructor(
    @Inject(HistoryConfig) private readonly config: HistoryConfig,
    private readonly states: ControllerStates,
    private readonly changes: DatastoreChanges,
    private readonly incidents: AutomationIncidents,
  ) {}

  onApplicationBootstrap(): void {
    const { url, username, password, ca } = brokerAccess(this.config);
    const client = connect({
      ...brokerUrlOptions(url),
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
      client.subscribe(`${DATASTORE_TOPIC}/#`, { qos: 1 }, (error) => {
        if (error) this.logger.error(`could not subscribe to the datastore's change events: ${error.message}`);
        else this.changes.followed();
      });
      client.subscribe(INCIDENTS_SUBSCRIPTION, { qos: 1 }, (error) => {
        if (error) this.logger.error(`could not subscribe to the automation service's incidents: ${error.message}`);
        else this.incidents.followed();
      });
    });
    client.on('close', () => {
      this.states.lost();
      this.changes.lost();
      this.incidents.lost();
    });
    client.on('message', (topic, payload) => {
      const text = payload.toString();
      if (topic.startsWith(`${STATE_TOPIC}/`)) this.states.receive(topic, text);
      else if (topic.startsWith(`${DATASTORE_TOPIC}/`) || topic === DATASTORE_TOPIC) this.changes.receive(topic, text);
      else this.incidents.receive(text);
    });
    // mqtt.js reports each failed reconnection as an error; it goes on trying by itself.
    client.on('error', () => undefined);
    this.client = client;
  }

  async clearRetainedState(serviceId: string): Promise<void> {
    const client = this.client;
    if (!client?.connected) throw new StoreUnavailableError('the history service is not connected to the broker');
    try {
      await client.publishAsync(stateTopic(serviceId), '', { qos: 1, retain: true });
    } catch (error) {
      throw new StoreUnavailableError(`the broker did not take the removal: ${(error as Error).message}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client?.endAsync();
  }
}
