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

/**
 * Serves the interactive API page at `/<prefix>/api/doc` (and the JSON at `/<prefix>/api/doc-json`).
 * `document` is called at the first request for the page or the JSON, not at start: building the
 * document scans every route and DTO, which a service that nobody browses never needs.
 * The document names no server, so "Try it out" calls the origin the page came from. The routes of
 * the `includes` are answered by other services, on that origin only behind a proxy (which sets
 * X-Forwarded-For): a page reached on the service's own port leaves them out and says why.
 */
export function serveApiPage(
  app: INestApplication,
  prefix: string,
  document: () => OpenAPIObject,
  includes: ApiDescription['includes'] = {},
): string {
  const path = `${prefix}/api/doc`;
  const names = Object.keys(includes);
  let ownPortDocument: OpenAPIObject | undefined;
  const forOwnPort = (whole: OpenAPIObject) =>
    (ownPortDocument ??= withoutPaths(
      whole,
      Object.values(includes).flatMap((included) => Object.keys(included.paths)),
      `On this port the routes of the ${names.join(', ')} service are not answered, so they are not listed: ` +
        'reach this page through the proxy (port 8080 of `npm start`, or the Compose proxy) to list and try them.',
    ));
  SwaggerModule.setup(
    path,
    app,
    document,
    names.length > 0
      ? {
          patchDocumentOnRequest: <Request>(request: Request, _response: unknown, whole: OpenAPIObject) =>
            (request as { headers: Record<string, unknown> }).headers['x-forwarded-for'] === undefined
              ? forOwnPort(whole)
              : whole,
        }
      : {},
  );
  return `/${path}`;
}

/** `document` without `paths`, without the tags no remaining operation uses, and with `note` after its description. */
function withoutPaths(document: OpenAPIObject, paths: string[], note: string): OpenAPIObject {
  const kept = Object.fromEntries(Object.entries(document.paths).filter(([path]) => !paths.includes(path)));
  const used = new Set(
    Object.values(kept).flatMap((item) =>
      Object.values(item as Record<string, { tags?: string[] }>).flatMap((operation) => operation?.tags ?? []),
    ),
  );
  return {
    ...document,
    info: { ...document.info, description: `${document.info.description ?? ''}\n\n${note}` },
    paths: kept,
    tags: document.tags?.filter((tag) => used.has(tag.name)),
  };
}
