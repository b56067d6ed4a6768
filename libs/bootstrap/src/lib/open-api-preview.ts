import type { INestApplication } from '@nestjs/common';
import { ModulesContainer, Routes, RouterModule } from '@nestjs/core';
import { ROUTES } from '@nestjs/core/router/router-module';
import type { OpenAPIObject } from '@nestjs/swagger';
import { createOpenApiDocument } from './open-api';
import { createServiceApp } from './service-app';
import type { ServiceStartOptions } from './service-start-options';

/**
 * The OpenAPI document a service serves, built in Nest's preview mode: the routes and DTOs are
 * scanned but no provider is instantiated, so nothing connects to a broker or a store and no port
 * is opened.
 */
export async function previewOpenApiDocument(options: ServiceStartOptions): Promise<OpenAPIObject> {
  const app = await createServiceApp(options, { preview: true, logger: false, abortOnError: false });
  try {
    registerModulePaths(app);
    return createOpenApiDocument(app, options.api);
  } finally {
    await app.close();
  }
}

/**
 * The document as committed: keys in sorted order at every level, two-space JSON and a final
 * newline, so that it only changes when the API does.
 */
export function formatOpenApiDocument(document: OpenAPIObject): string {
  return `${JSON.stringify(sortKeys(document), null, 2)}\n`;
}

/** The `main` of an app's `openapi.ts`: prints the service's document to stdout. */
export async function printOpenApiDocument(options: ServiceStartOptions): Promise<void> {
  try {
    process.stdout.write(formatOpenApiDocument(await previewOpenApiDocument(options)));
  } catch (error) {
    console.error(
      `could not build the OpenAPI document of ${options.name}: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exitCode = 1;
  }
}

/**
 * `RouterModule` gives modules their path prefix (`/history/timeseries`) when it is instantiated,
 * which preview mode skips: without this the document would list those routes without their prefix.
 */
function registerModulePaths(app: INestApplication): void {
  const modules = app.get(ModulesContainer);
  for (const module of modules.values()) {
    if (module.metatype !== RouterModule) continue;
    new RouterModule(modules, module.providers.get(ROUTES)?.instance as Routes);
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, item]) => [key, sortKeys(item)]));
}
