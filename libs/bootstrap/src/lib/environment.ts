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
    const raw = source[variable.name];
    try {
      values[key] = variable.parse(raw === '' ? undefined : raw);
    } catch (error) {
      const got = raw === undefined ? 'unset' : `got ${JSON.stringify(raw)}`;
      problems.push(`${variable.name}: ${(error as Error).message} (${got})`);
    }
  }
  if (problems.length > 0) throw new ConfigurationError(problems);
  return values as Values<S>;
}

function variable<T>(name: string, parse: (raw: string | undefined) => T): EnvironmentVariable<T> {
  return { name, parse };
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

export const MQTT_URL_SCHEMES = ['mqtt', 'mqtts', 'tcp', 'ws', 'wss'] as const;

/** The variables every service reads: the broker, its HTTP port and its data folder. */
export function commonVariables(defaultPort: number) {
  return {
    mqttUrl: urlVariable('MQTT_URL', 'mqtt://localhost:1883', MQTT_URL_SCHEMES),
    port: portVariable('PORT', defaultPort),
    dataDir: textVariable('DATA_DIR', './data', /^\S(.*\S)?$/, 'a folder path'),
  };
}
