import type { NestApplicationOptions } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ServiceStartOptions } from './service-start-options';

/**
 * Creates the Nest application of a service with its global prefix and extra set-up, without
 * starting it. The served app and the preview that writes the OpenAPI document both come from
 * here, so their routes cannot differ.
 */
export async function createServiceApp(options: ServiceStartOptions, nestOptions: NestApplicationOptions): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({ bodyLimit: 16 * 1024 * 1024 });
  const app = await NestFactory.create<NestFastifyApplication>(options.module, adapter, nestOptions);
  app.setGlobalPrefix(options.prefix);
  options.configure?.(app);
  return app;
}
