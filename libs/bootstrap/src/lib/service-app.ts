import type { IncomingMessage } from 'node:http';
import type { NestApplicationOptions } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { requireApiToken } from './api-token';
import { DomainErrorFilter } from './domain-error.filter';
import { MAX_BODY_BYTES, parseJsonBodies } from './json-body';
import { RouteMethods } from './route-methods';
import { answerWithRequestId, requestId, serviceLoggers } from './service-logger';
import { instrumentHttp, METRIC_PREFIX, ServiceMetrics } from './service-metrics';
import type { ServiceStartOptions } from './service-start-options';
import { withTelemetry } from './telemetry.module';

/**
 * Creates the Nest application of a service with its global prefix, its error mapping
 * (`DomainErrorFilter`, which the MQTT handlers inherit), its one JSON body parser (at most
 * `MAX_BODY_BYTES`, UTF-8, nested at most `MAX_NESTING_DEPTH` levels: `parseJsonBodies`), its
 * metrics and health routes (`TelemetryModule`), its API token check (`requireApiToken`), its
 * logs (`serviceLoggers`: readable lines or JSON, request ids) and extra set-up, without starting it.
 * The served app and the preview that writes the OpenAPI document both come from here, so their
 * routes cannot differ.
 */
export async function createServiceApp(
  options: ServiceStartOptions,
  nestOptions: NestApplicationOptions,
): Promise<NestFastifyApplication> {
  const loggers = serviceLoggers(options.logging);
  const adapter = new FastifyAdapter({
    bodyLimit: MAX_BODY_BYTES,
    genReqId: (request: IncomingMessage) => requestId(request.headers['x-request-id']),
    ...(loggers.http && { loggerInstance: loggers.http }),
  });
  const app = await NestFactory.create<NestFastifyApplication>(withTelemetry(options.module), adapter, {
    logger: loggers.nest,
    ...nestOptions,
  });
  answerWithRequestId(adapter.getInstance());
  app.setGlobalPrefix(options.prefix);
  parseJsonBodies(app);
  const errors = new DomainErrorFilter(app.getHttpAdapter(), new RouteMethods().follow(adapter.getInstance()));
  app.useGlobalFilters(errors);
  // A flood's last summary line is written before the service stops, not lost with its timer.
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onClose', (_instance, done) => {
      errors.flushLog();
      done();
    });
  if (!nestOptions.preview) {
    const metrics = app.get(ServiceMetrics);
    instrumentHttp(adapter.getInstance(), metrics);
    metrics.counter({
      name: `${METRIC_PREFIX}mqtt_messages_refused_total`,
      help: 'MQTT messages refused because they were invalid or their change was refused; nothing changed.',
      read: () => errors.refusedMessages,
    });
  }
  if (options.apiToken !== undefined) requireApiToken(adapter.getInstance(), options.prefix, options.apiToken);
  options.configure?.(app);
  return app;
}
