import { INestApplication, Logger } from '@nestjs/common';
import { MicroserviceOptions } from '@nestjs/microservices';
import { createOpenApiDocument, serveApiPage } from './open-api';
import { withoutUserInfoPassword } from './environment';
import { createServiceApp } from './service-app';
import { ServiceMetrics } from './service-metrics';
import type { ServiceStartOptions } from './service-start-options';

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
  const microservice = app.connectMicroservice<MicroserviceOptions>(options.transport, { inheritAppConfig: true });
  const metrics = app.get(ServiceMetrics);
  metrics.watchBroker(microservice.status);
  const apiPath = serveApiPage(
    app,
    options.prefix,
    () => createOpenApiDocument(app, options.api),
    options.api.includes,
  );
  try {
    await app.listen(options.port, options.host ?? '0.0.0.0');
  } catch (error) {
    // A process that runs other services goes on: this one lets go of its store and broker.
    await app.close();
    throw error;
  }

  const url = `http://localhost:${options.port}/${options.prefix}`;
  const apiPage = `http://localhost:${options.port}${apiPath}`;
  logger.log(
    `${options.name} started at ${url} (API page ${apiPage}), broker ${withoutUserInfoPassword(options.mqttUrl)}`,
  );
  if (options.apiToken === undefined) {
    logger.warn(
      `API_TOKEN is not set: every route is open to anyone who can reach port ${options.port} (docs/security.md)`,
    );
  }
  const subscribed = app.startAllMicroservices().then(() => {
    metrics.countReceivedMessages(microservice.unwrap());
    logger.log(`${options.name} connected to ${withoutUserInfoPassword(options.mqttUrl)}`);
  });
  subscribed.catch((error: unknown) => logger.error(`MQTT transport failed: ${String(error)}`));
  return { app, url, apiPage, subscribed };
}
