import type { DynamicModule, Type } from '@nestjs/common';
import type { MicroserviceOptions } from '@nestjs/microservices';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ApiDescription } from './open-api';
import type { LogSettings } from './service-logger';

/** How one eventcast service starts: its module, where its routes live, and its broker connection. */
export interface ServiceStartOptions {
  /** The service's name in logs, e.g. `history`. */
  name: string;
  module: Type<unknown> | DynamicModule;
  /** Path prefix of every route, e.g. `history/datastore` or the controller's service id. */
  prefix: string;
  port: number;
  /** Host to bind; all interfaces unless told otherwise. */
  host?: string;
  mqttUrl: string;
  /** The MQTT transport options (see `@eventcast/messaging`). */
  transport: MicroserviceOptions;
  api: ApiDescription;
  /** When set, every route but ping, health, metrics and the API page needs `Authorization: Bearer <apiToken>`. */
  apiToken?: string;
  /** How it logs (`LOG_FORMAT`, `LOG_LEVEL`); readable lines from `info` up when not given. */
  logging?: LogSettings;
  /** Extra set-up of the app before it starts, e.g. a WebSocket adapter. */
  configure?: (app: NestFastifyApplication) => void;
}

/** The variables every service reads (`commonVariables`) that its start options take as they are. */
export interface CommonSettings {
  port: number;
  mqttUrl: string;
  apiToken?: string;
  logFormat: LogSettings['format'];
  logLevel: LogSettings['level'];
}

/** The start options every service takes from its common variables: port, broker, API token and logs. */
export function commonStartOptions(
  config: CommonSettings,
): Pick<ServiceStartOptions, 'port' | 'mqttUrl' | 'apiToken' | 'logging'> {
  return {
    port: config.port,
    mqttUrl: config.mqttUrl,
    apiToken: config.apiToken,
    logging: { format: config.logFormat, level: config.logLevel },
  };
}
