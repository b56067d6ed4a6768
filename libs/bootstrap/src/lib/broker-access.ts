import type { BrokerAccess } from '@eventcast/messaging';
import { ConfigurationError } from './environment';

/** The broker variables every service reads (`commonVariables`). */
export interface BrokerVariables {
  mqttUrl: string;
  mqttUsername?: string;
  mqttPassword?: string;
  mqttCa?: string;
}

/**
 * How a service reaches and logs in to its broker: the user and password of `MQTT_URL`'s user info,
 * or `MQTT_USERNAME` and `MQTT_PASSWORD`, never both ways at once (which would win is not obvious).
 */
export function brokerAccess(config: BrokerVariables): BrokerAccess {
  const inUrl = new URL(config.mqttUrl).username !== '';
  const problems: string[] = [];
  if (inUrl && config.mqttUsername !== undefined) {
    problems.push('MQTT_USERNAME: MQTT_URL names a user already; give the user one way, not both');
  }
  if (config.mqttPassword !== undefined && config.mqttUsername === undefined) {
    problems.push('MQTT_PASSWORD: needs MQTT_USERNAME');
  }
  if (problems.length > 0) throw new ConfigurationError(problems);
  return { url: config.mqttUrl, username: config.mqttUsername, password: config.mqttPassword, ca: config.mqttCa };
}
