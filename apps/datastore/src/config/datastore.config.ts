import { commonVariables, optionalUrlVariable, readEnvironment, textVariable } from '@eventcast/bootstrap';

const datastoreVariables = {
  ...commonVariables(5002),
  redisUrl: optionalUrlVariable('REDIS_URL', ['redis', 'rediss']),
  redisKeyPrefix: textVariable(
    'REDIS_KEY_PREFIX',
    'eventcast:datastore:',
    /^[\x21-\x7e]{1,256}$/,
    'up to 256 printable characters without spaces',
  ),
};

/** The datastore service's configuration, read once at start-up. */
export type DatastoreConfig = ReturnType<typeof readDatastoreConfig>;
/** Injection token of `DatastoreConfig`. */
export const DatastoreConfig = Symbol('DatastoreConfig');

export function readDatastoreConfig(source: Record<string, string | undefined> = process.env) {
  return readEnvironment(datastoreVariables, source);
}
