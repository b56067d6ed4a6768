import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { mergeOpenApiDocuments } from './open-api-merge';

/** What an app's OpenAPI document says about the app itself. */
export interface ApiDescription {
  title: string;
  description: string;
  version: string;
  /** Documents of other services, by name, served under the same base URL, whose routes this page lists too. */
  includes?: Record<string, OpenAPIObject>;
}

/** Builds the OpenAPI document of an app from its controllers and DTOs, without opening a port. */
export function createOpenApiDocument(app: INestApplication, api: ApiDescription): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle(api.title)
    .setDescription(api.description)
    .setVersion(api.version)
    .addBearerAuth({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'API_TOKEN',
      description:
        'The API_TOKEN of the service, where it has one; ping, health and metrics need none (docs/security.md)',
    })
    .addSecurityRequirements('bearer')
    .build();
  return mergeOpenApiDocuments(SwaggerModule.createDocument(app, config), api.includes ?? {});
}

/** Serves the interactive API page at `/<prefix>/api/doc` (and the JSON at `/<prefix>/api/doc-json`). */
export function serveApiPage(app: INestApplication, prefix: string, document: OpenAPIObject): string {
  const path = `${prefix}/api/doc`;
  SwaggerModule.setup(path, app, document);
  return `/${path}`;
}
