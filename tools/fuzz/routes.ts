import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A JSON Schema of an OpenAPI document, as far as the fuzzer reads it. */
export interface Schema {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  maxItems?: number;
  additionalProperties?: boolean | Schema;
}

/** A REST route of a service, read from its committed OpenAPI document. */
export interface Route {
  service: FuzzedService;
  method: 'GET' | 'POST';
  path: string;
  /** The request body's schema, with `$ref`s left to `schemas`; undefined when the route takes none. */
  body?: Schema;
  /** The example bodies of the route (`examples` of its JSON body). */
  examples: unknown[];
  /** The statuses it documents. */
  statuses: number[];
  schemas: Record<string, Schema>;
}

export type FuzzedService = 'datastore' | 'history' | 'controller' | 'automation';

interface Operation {
  operationId: string;
  requestBody?: { content: Record<string, { schema?: Schema; examples?: Record<string, { value: unknown }> }> };
  responses: Record<string, unknown>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const WORKSPACE = join(__dirname, '../..');

/**
 * Every REST route of the four services, from their committed OpenAPI documents
 * (`apps/<app>/openapi.json`), so a new route is fuzzed as soon as its document is regenerated.
 * The history document also lists the datastore's routes, under `datastore_` operation ids: they
 * are served by the datastore and fuzzed from its own document. The controller's paths are those of
 * the default instance, `controller-1`, which is the SERVICE_ID the fuzzer starts it with.
 */
export function serviceRoutes(): Route[] {
  return (['datastore', 'history', 'controller', 'automation'] as const).flatMap((service) => {
    const document = JSON.parse(
      readFileSync(join(WORKSPACE, 'apps', service, 'openapi.json'), 'utf8'),
    ) as OpenApiDocument;
    return Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => !operation.operationId.startsWith('datastore_'))
        .map(([method, operation]): Route => {
          const json = operation.requestBody?.content['application/json'];
          return {
            service,
            method: method.toUpperCase() as Route['method'],
            path,
            body: json?.schema,
            examples: Object.values(json?.examples ?? {}).map((example) => example.value),
            statuses: Object.keys(operation.responses).map(Number),
            schemas: document.components.schemas,
          };
        }),
    );
  });
}

/** `schema` with its `$ref` followed. */
export function resolved(schema: Schema, schemas: Record<string, Schema>): Schema {
  return schema.$ref ? resolved(schemas[schema.$ref.replace('#/components/schemas/', '')] ?? {}, schemas) : schema;
}
