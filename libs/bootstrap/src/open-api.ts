import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';

/** What an app's OpenAPI document says about the app itself. */
export interface ApiDescription {
  title: string;
  description: string;
  version: string;
}

/** Builds the OpenAPI document of an app from its controllers and DTOs, without opening a port. */
export function createOpenApiDocument(app: INestApplication, api: ApiDescription): OpenAPIObject {
  const config = new DocumentBuilder().setTitle(api.title).setDescription(api.description).setVersion(api.version).build();
  return SwaggerModule.createDocument(app, config);
}

/** Serves the interactive API page at `/<prefix>/api/doc` (and the JSON at `/<prefix>/api/doc-json`). */
export function serveApiPage(app: INestApplication, prefix: string, document: OpenAPIObject): string {
  const path = `${prefix}/api/doc`;
  SwaggerModule.setup(path, app, document);
  return `/${path}`;
}
