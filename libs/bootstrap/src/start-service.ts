import { DynamicModule, INestApplication, Logger, Type } from '@nestjs/common';
import { MicroserviceOptions } from '@nestjs/microservices';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ApiDescription, createOpenApiDocument, serveApiPage } from './open-api';
import { createServiceApp } from './service-app';

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
  /** Extra set-up of the app before it starts, e.g. a WebSocket adapter. */
  configure?: (app: NestFastifyApplication) => void;
}

/** A started service: the Nest app, its base URL, and a promise that settles once MQTT is connected. */
export interface StartedService {
  app: INestApplication;
  url: string;
  apiPage: string;
  subscribed: Promise<void>;
}

/**
 * Creates and starts a hybrid HTTP + MQTT service. HTTP is served at once; the MQTT subscriptions
 * follow as soon as the broker answers, so a broker outage never keeps the HTTP API down.
 */
export async function startService(options: ServiceStartOptions): Promise<StartedService> {
  const logger = new Logger(options.name);
  const app = await createServiceApp(options, { bufferLogs: false });
  app.connectMicroservice<MicroserviceOptions>(options.transport, { inheritAppConfig: true });
  const apiPath = serveApiPage(app, options.prefix, createOpenApiDocument(app, options.api));
  await app.listen(options.port, options.host ?? '0.0.0.0');

  const url = `http://localhost:${options.port}/${options.prefix}`;
  const apiPage = `http://localhost:${options.port}${apiPath}`;
  logger.log(`${options.name} started at ${url} (API page ${apiPage}), broker ${options.mqttUrl}`);
  const subscribed = app.startAllMicroservices().then(() => logger.log(`${options.name} connected to ${options.mqttUrl}`));
  subscribed.catch((error: unknown) => logger.error(`MQTT transport failed: ${String(error)}`));
  return { app, url, apiPage, subscribed };
}
