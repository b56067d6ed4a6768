import type { NestApplicationOptions } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DomainErrorFilter } from './domain-error.filter';
import { instrumentHttp, ServiceMetrics } from './service-metrics';
import type { ServiceStartOptions } from './service-start-options';
import { withTelemetry } from './telemetry.module';

/**
 * Creates the Nest application of a service with its global prefix, its error mapping
 * (`DomainErrorFilter`, which the MQTT handlers inherit), its metrics and health routes
 * (`TelemetryModule`) and extra set-up, without starting it.
 * The served app and the preview that writes the OpenAPI document both come from here, so their
 * routes cannot differ.
 */
export async function createServiceApp(
  options: ServiceStartOptions,
  nestOptions: NestApplicationOptions,
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({ bodyLimit: 16 * 1024 * 1024 });
  const app = await NestFactory.create<NestFastifyApplication>(withTelemetry(options.module), adapter, nestOptions);
  app.setGlobalPrefix(options.prefix);
  app.useGlobalFilters(new DomainErrorFilter(app.getHttpAdapter()));
  if (!nestOptions.preview) instrumentHttp(adapter.getInstance(), app.get(ServiceMetrics));
  options.configure?.(app);
  return app;
}
