import {
  commonVariables,
  optionalTokenVariable,
  optionalUrlVariable,
  readEnvironment,
  textVariable,
  urlVariable,
} from '@eventcast/bootstrap';

const automationVariables = {
  ...commonVariables(5003),
  datastoreUrl: urlVariable('DATASTORE_URL', 'http://localhost:5002', ['http', 'https']),
  /** The datastore's API token (its `API_TOKEN`), when it has one. */
  datastoreApiToken: optionalTokenVariable('DATASTORE_API_TOKEN'),
  historyUrl: urlVariable('HISTORY_URL', 'http://localhost:5001', ['http', 'https']),
  /** The history service's API token (its `API_TOKEN`), when it has one. */
  historyApiToken: optionalTokenVariable('HISTORY_API_TOKEN'),
  /** Keeps the outbox and the incidents in Redis instead of `DATA_DIR`. */
  redisUrl: optionalUrlVariable('REDIS_URL', ['redis', 'rediss']),
  redisKeyPrefix: textVariable(
    'REDIS_KEY_PREFIX',
    'eventcast:automation:',
    /^[\x21-\x7e]{1,256}$/,
    'up to 256 printable characters without spaces',
  ),
};

/** The automation service's configuration, read once at start-up. */
export type AutomationConfig = ReturnType<typeof readAutomationConfig>;
/** Injection token of `AutomationConfig`. */
export const AutomationConfig = Symbol('AutomationConfig');

export function readAutomationConfig(source: Record<string, string | undefined> = process.env) {
  return readEnvironment(automationVariables, source);
}
