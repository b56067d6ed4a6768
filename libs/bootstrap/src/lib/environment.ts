import { readFileSync } from 'node:fs';
import { LOG_LEVELS } from './service-logger';
/** Raised at start-up when a variable of the environment has a bad value; names every variable at fault. */
export class ConfigurationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = ConfigurationError.name;
  }
}

/** One environment variable: its name and how its raw text becomes a typed value. */
export interface EnvironmentVariable<T> {
  readonly name: string;
  /** Returns the value, or throws an Error whose message says what is expected. */
  parse(raw: string | undefined): T;
  /**
   * A secret: never repeated in a message, and also read from the file that `<name>_FILE` names
   * (as Docker secrets are mounted), without the file's trailing line break.
   */
  readonly secret?: boolean;
}

/** The raw text of `variable` in `source`: the variable itself or, for a secret, the file `<name>_FILE` names. */
function rawValue(
  variable: EnvironmentVariable<unknown>,
  source: Record<string, string | undefined>,
): string | undefined {
  const given = (name: string) => (source[name] === '' ? undefined : source[name]);
  const raw = given(variable.name);
  const file = variable.secret ? given(`${variable.name}_FILE`) : undefined;
  if (file === undefined) return raw;
  if (raw !== undefined) throw new Error(`set ${variable.name} or ${variable.name}_FILE, not both`);
  try {
    return readFileSync(file, 'utf8').replace(/\r?\n$/, '');
  } catch (error) {
    throw new Error(
      `${variable.name}_FILE: could not read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
}

/** `text` with the password of a URL's user info (`scheme://user:password@host`) replaced by `***`. */
export function withoutUserInfoPassword(text: string): string {
  return text.replace(/^([a-z][\w+.-]*:\/\/[^/:@\s]*:)[^@\s]*@/i, '$1***@');
}

type Values<S> = { [K in keyof S]: S[K] extends EnvironmentVariable<infer T> ? T : never };

/**
 * Reads every variable of `spec` from `source` once, and fails with one error naming each bad
 * variable, so a misconfigured service stops at start-up instead of misbehaving later.
 */
export function readEnvironment<S extends Record<string, EnvironmentVariable<unknown>>>(
  spec: S,
  source: Record<string, string | undefined>,
): Values<S> {
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [key, variable] of Object.entries(spec)) {
    let raw: string | undefined;
    try {
      raw = rawValue(variable, source);
      values[key] = variable.parse(raw);
    } catch (error) {
      const got =
        raw === undefined
          ? 'unset'
          : variable.secret
            ? `${raw.length} characters`
            : `got ${JSON.stringify(withoutUserInfoPassword(raw))}`;
      problems.push(`${variable.name}: ${(error as Error).message} (${got})`);
    }
  }
  if (problems.length > 0) throw new ConfigurationError(problems);
  return values as Values<S>;
}

function variable<T>(name: string, parse: (raw: string | undefined) => T): EnvironmentVariable<T> {
  return { name, parse };
}

/** The shortest bearer token a service takes: shorter ones are guessed too easily. */
export const MIN_TOKEN_LENGTH = 16;

/** A secret that may be unset, from the variable or the file `<name>_FILE` names; never repeated in a message. */
export function optionalSecretVariable(
  name: string,
  check: (raw: string) => void = () => undefined,
): EnvironmentVariable<string | undefined> {
  return {
    name,
    secret: true,
    parse: (raw) => {
      if (raw !== undefined) check(raw);
      return raw;
    },
  };
}

/**
 * A bearer token that may be unset (unset: the routes it guards are open), from the variable or the
 * file `<name>_FILE` names: printable ASCII without spaces, at least `MIN_TOKEN_LENGTH` characters.
 */
export function optionalTokenVariable(name: string): EnvironmentVariable<string | undefined> {
  return optionalSecretVariable(name, (raw) => {
    if (!new RegExp(`^[\\x21-\\x7e]{${MIN_TOKEN_LENGTH},}$`).test(raw)) {
      throw new Error(`must be at least ${MIN_TOKEN_LENGTH} printable characters without spaces`);
    }
  });
}

/** The text of the file a variable names, read at start; unset when the variable is. */
export function optionalFileVariable(name: string, expected: string): EnvironmentVariable<string | undefined> {
  return variable(name, (raw) => {
    if (raw === undefined) return undefined;
    try {
      return readFileSync(raw, 'utf8');
    } catch (error) {
      throw new Error(
        `must name a readable file (${expected}): ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
      );
    }
  });
}

function required<T>(raw: string | undefined, fallback: T | undefined, convert: (raw: string) => T): T {
  if (raw !== undefined) return convert(raw);
  if (fallback === undefined) throw new Error('is required');
  return fallback;
}

/** An integer in `[min, max]`. */
export function integerVariable(name: string, fallback: number, min: number, max: number) {
  return variable(name, (raw) =>
    required(raw, fallback, (text) => {
      const value = Number(text.trim());
      if (!/^\s*-?\d+\s*$/.test(text) || value < min || value > max) {
        throw new Error(`must be an integer from ${min} to ${max}`);
      }
      return value;
    }),
  );
}

/** A TCP port. */
export function portVariable(name: string, fallback: number) {
  return integerVariable(name, fallback, 1, 65535);
}

function toUrl(text: string, protocols: readonly string[]): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new Error(`must be a URL (${protocols.join(', ')})`);
  }
  if (!protocols.includes(url.protocol.replace(/:$/, ''))) {
    throw new Error(`must be a URL with one of the schemes ${protocols.join(', ')}`);
  }
  return text.trim().replace(/\/+$/, '');
}

/** A URL with one of the given schemes; trailing slashes removed. */
export function urlVariable(name: string, fallback: string, protocols: readonly string[]) {
  return variable(name, (raw) => required(raw, fallback, (text) => toUrl(text, protocols)));
}

/** A URL that may be unset (unset selects an embedded default). */
export function optionalUrlVariable(name: string, protocols: readonly string[]) {
  return variable(name, (raw): string | undefined => (raw === undefined ? undefined : toUrl(raw, protocols)));
}

/** A non-empty text matching `pattern`, described to the user as `expected`. */
export function textVariable(name: string, fallback: string, pattern: RegExp, expected: string) {
  return variable(name, (raw) =>
    required(raw, fallback, (text) => {
      if (!pattern.test(text)) throw new Error(`must be ${expected}`);
      return text;
    }),
  );
}

/** A text matching `pattern` that may be unset (unset turns a feature off). */
export function optionalTextVariable(name: string, pattern: RegExp, expected: string) {
  return variable(name, (raw): string | undefined => {
    if (raw !== undefined && !pattern.test(raw)) throw new Error(`must be ${expected}`);
    return raw;
  });
}

/** One of `choices`, `fallback` when unset. */
export function choiceVariable<T extends string>(name: string, fallback: T, choices: readonly T[]) {
  return variable(name, (raw): T => {
    const value = raw ?? fallback;
    if (!(choices as readonly string[]).includes(value)) throw new Error(`must be one of ${choices.join(', ')}`);
    return value as T;
  });
}

export const MQTT_URL_SCHEMES = ['mqtt', 'mqtts', 'tcp', 'ws', 'wss'] as const;

/** The variables every service reads: the broker and its account, the HTTP port, the data folder, the API token and the logs. */
export function commonVariables(defaultPort: number) {
  return {
    mqttUrl: urlVariable('MQTT_URL', 'mqtt://localhost:1883', MQTT_URL_SCHEMES),
    port: portVariable('PORT', defaultPort),
    dataDir: textVariable('DATA_DIR', './data', /^\S(.*\S)?$/, 'a folder path'),
    apiToken: optionalTokenVariable('API_TOKEN'),
    mqttUsername: optionalTextVariable('MQTT_USERNAME', /^\S{1,256}$/, 'up to 256 characters without spaces'),
    mqttPassword: optionalSecretVariable('MQTT_PASSWORD'),
    mqttCa: optionalFileVariable('MQTT_CA_FILE', 'the PEM certificates of the CA that signed the broker'),
    logFormat: choiceVariable('LOG_FORMAT', 'text', ['text', 'json'] as const),
    logLevel: choiceVariable('LOG_LEVEL', 'info', LOG_LEVELS),
  };
}
