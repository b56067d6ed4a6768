import { brokerAccess, commonStartOptions, ServiceStartOptions } from '@eventcast/bootstrap';
import { MAX_RECEIVE_MAXIMUM } from '@eventcast/messaging';
import { AppModule } from './app/app.module';
import { HistoryMqttServer } from './app/ingest/history-mqtt.server';
import { SessionBacklog } from './app/ingest/session-backlog';
import { BearerWsAdapter } from './app/live/bearer-ws-adapter';
import { HistoryConfig } from './config/history.config';
import { HISTORY_API } from './history-api';

/**
 * How the history service starts: a persistent MQTT 5 session under its fixed client id, with the
 * largest Receive Maximum so a burst reaches it whole on a stock broker (MQTT 3.1.1 with
 * `MQTT_VERSION=3.1.1`, for a broker without MQTT 5), whose backlog at start is counted; and the
 * WebSocket stream.
 */
export function historyService(config: HistoryConfig): ServiceStartOptions {
  const backlog = new SessionBacklog(config.mqttClientId, config.mqttVersion === '5');
  return {
    name: 'history',
    module: AppModule.forRoot(config, backlog),
    prefix: 'history',
    ...commonStartOptions(config),
    transport: {
      strategy: new HistoryMqttServer(
        {
          ...brokerAccess(config),
          clientId: config.mqttClientId,
          persistentSession: true,
          receiveMaximum: config.mqttVersion === '5' ? MAX_RECEIVE_MAXIMUM : undefined,
        },
        backlog,
      ),
    },
    api: HISTORY_API,
    configure: (app) => app.useWebSocketAdapter(new BearerWsAdapter(app, config.apiToken)),
  };
}
