import { isDeepStrictEqual } from 'node:util';
import type { OpenAPIObject, OperationObject, PathItemObject } from '@nestjs/swagger';

/**
 * Adds the paths, schemas and tags of other documents, by name, to a document. The operation ids
 * of a document named `datastore` become `datastore_<id>`, so that they stay unique (every app has
 * a `PingController_ping`). A path or a schema name that two documents define differently is an
 * error: one of them would silently hide the other.
 */
export function mergeOpenApiDocuments(base: OpenAPIObject, others: Record<string, OpenAPIObject>): OpenAPIObject {
  const merged = {
    ...base,
    paths: { ...base.paths },
    components: { ...base.components, schemas: { ...base.components?.schemas } },
  };
  for (const [name, other] of Object.entries(others)) {
    const paths = Object.entries(other.paths).map(
      ([path, item]) => [path, withOperationIdPrefix(item, `${name}_`)] as const,
    );
    addEntries('path', merged.paths, Object.fromEntries(paths));
    addEntries('schema', merged.components.schemas, other.components?.schemas ?? {});
    const names = new Set((merged.tags ?? []).map((tag) => tag.name));
    const tags = (other.tags ?? []).filter((tag) => !names.has(tag.name));
    if (tags.length > 0) merged.tags = [...(merged.tags ?? []), ...tags];
  }
  return merged;
}

function withOperationIdPrefix(item: PathItemObject, prefix: string): PathItemObject {
  const entries = Object.entries(item).map(([key, value]) => {
    const operation = value as OperationObject;
    return operation?.operationId
      ? [key, { ...operation, operationId: `${prefix}${operation.operationId}` }]
      : [key, value];
  });
  return Object.fromEntries(entries);
}

function addEntries<T>(kind: string, target: Record<string, T>, source: Record<string, T>): void {
  for (const [name, value] of Object.entries(source)) {
    if (name in target && !isDeepStrictEqual(target[name], value))
      throw new Error(`OpenAPI ${kind} "${name}" is defined differently by two documents`);
    target[name] = value;
  }
}
