import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  commonVariables,
  ConfigurationError,
  integerVariable,
  optionalUrlVariable,
  readEnvironment,
  textVariable,
  withoutUserInfoPassword,
} from './environment';

describe(readEnvironment.name, () => {
  const spec = {
    ...commonVariables(5001),
    questDbUrl: optionalUrlVariable('QUESTDB_URL', ['http', 'https']),
    interval: integerVariable('BROADCAST_INTERVAL_MS', 5000, 100, 3_600_000),
    serviceId: textVariable('SERVICE_ID', 'controller-1', /^[a-z][a-z0-9-]*$/, 'lower-case letters, digits and -'),
  };

  it('gives the documented defaults when nothing is set', () => {
    expect(readEnvironment(spec, {})).toEqual({
      mqttUrl: 'mqtt://localhost:1883',
      port: 5001,
      dataDir: './data',
      apiToken: undefined,
      mqttUsername: undefined,
      mqttPassword: undefined,
      mqttCa: undefined,
      logFormat: 'text',
      logLevel: 'info',
      questDbUrl: undefined,
      interval: 5000,
      serviceId: 'controller-1',
    });
  });

  describe('a secret (API_TOKEN)', () => {
    const token = 'a-token-of-some-length';
    let folder: string;
    beforeEach(() => (folder = mkdtempSync(join(tmpdir(), 'environment-'))));
    afterEach(() => rmSync(folder, { recursive: true, force: true }));

    it('is read from the variable, or from the file API_TOKEN_FILE names without its final line break', () => {
      writeFileSync(join(folder, 'token'), `${token}\n`);
      expect(readEnvironment(spec, { API_TOKEN: token }).apiToken).toBe(token);
      expect(readEnvironment(spec, { API_TOKEN_FILE: join(folder, 'token') }).apiToken).toBe(token);
    });

    it('is refused when both are set, when the file cannot be read, or when it is too short, without repeating it', () => {
      const problems = (source: Record<string, string>) => {
        try {
          readEnvironment(spec, source);
          return [];
        } catch (error) {
          return (error as ConfigurationError).problems;
        }
      };
      expect(problems({ API_TOKEN: token, API_TOKEN_FILE: join(folder, 'token') })).toEqual([
        'API_TOKEN: set API_TOKEN or API_TOKEN_FILE, not both (unset)',
      ]);
      expect(problems({ API_TOKEN_FILE: join(folder, 'missing') })).toEqual([
        `API_TOKEN: API_TOKEN_FILE: could not read ${join(folder, 'missing')}: ENOENT (unset)`,
      ]);
      expect(problems({ API_TOKEN: 'short secret' })).toEqual([
        'API_TOKEN: must be at least 16 printable characters without spaces (12 characters)',
      ]);
    });
  });

  describe('the broker credentials', () => {
    let folder: string;
    beforeEach(() => (folder = mkdtempSync(join(tmpdir(), 'environment-'))));
    afterEach(() => rmSync(folder, { recursive: true, force: true }));

    it('read the user, the password or the file MQTT_PASSWORD_FILE names, and the CA file', () => {
      writeFileSync(join(folder, 'password'), 'p4ss word\n');
      writeFileSync(join(folder, 'ca.pem'), '-----BEGIN CERTIFICATE-----\n');
      const config = readEnvironment(spec, {
        MQTT_USERNAME: 'history',
        MQTT_PASSWORD_FILE: join(folder, 'password'),
        MQTT_CA_FILE: join(folder, 'ca.pem'),
      });
      expect(config).toMatchObject({
        mqttUsername: 'history',
        mqttPassword: 'p4ss word',
        mqttCa: '-----BEGIN CERTIFICATE-----\n',
      });
    });

    it('name a CA file that cannot be read, and never repeat a password of MQTT_URL', () => {
      expect(() => readEnvironment(spec, { MQTT_CA_FILE: join(folder, 'missing.pem') })).toThrow(
        /MQTT_CA_FILE: must name a readable file .*ENOENT/,
      );
      expect(() => readEnvironment(spec, { MQTT_URL: 'http://history:s3cret@broker' })).toThrow(
        'MQTT_URL: must be a URL with one of the schemes mqtt, mqtts, tcp, ws, wss (got "http://history:***@broker")',
      );
    });
  });

  it('reads set values and treats an empty variable as unset', () => {
    const config = readEnvironment(spec, {
      MQTT_URL: 'mqtt://broker:1884/',
      PORT: '8080',
      QUESTDB_URL: 'http://db:9000',
      SERVICE_ID: '',
    });
    expect(config).toMatchObject({ mqttUrl: 'mqtt://broker:1884', port: 8080, questDbUrl: 'http://db:9000' });
    expect(config.serviceId).toBe('controller-1');
  });

  it('stops with a message naming every bad variable', () => {
    let error: unknown;
    try {
      readEnvironment(spec, {
        PORT: 'eighty',
        MQTT_URL: 'http://broker',
        BROADCAST_INTERVAL_MS: '5',
        SERVICE_ID: 'Bad Id',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    const { problems, message } = error as ConfigurationError;
    expect(problems).toHaveLength(4);
    expect(message).toContain('PORT: must be an integer from 1 to 65535 (got "eighty")');
    expect(message).toContain('MQTT_URL: must be a URL with one of the schemes mqtt, mqtts, tcp, ws, wss');
    expect(message).toContain('BROADCAST_INTERVAL_MS: must be an integer from 100 to 3600000');
    expect(message).toContain('SERVICE_ID: must be lower-case letters, digits and -');
  });

  it('takes the log format and level from their lists only', () => {
    expect(readEnvironment(spec, { LOG_FORMAT: 'json', LOG_LEVEL: 'debug' })).toMatchObject({
      logFormat: 'json',
      logLevel: 'debug',
    });
    expect(() => readEnvironment(spec, { LOG_FORMAT: 'xml' })).toThrow('LOG_FORMAT: must be one of text, json');
    expect(() => readEnvironment(spec, { LOG_LEVEL: 'loud' })).toThrow(
      'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace',
    );
  });

  it('rejects a port out of range and a URL that does not parse', () => {
    expect(() => readEnvironment(spec, { PORT: '70000' })).toThrow(/PORT/);
    expect(() => readEnvironment(spec, { QUESTDB_URL: 'not a url' })).toThrow(/QUESTDB_URL: must be a URL/);
  });
});

describe(withoutUserInfoPassword.name, () => {
  it('hides the password of a URL for logs and messages and leaves a URL without one as it is', () => {
    expect(withoutUserInfoPassword('mqtt://history:s3cret@broker:1883')).toBe('mqtt://history:***@broker:1883');
    expect(withoutUserInfoPassword('redis://:s3cret@cache:6379/1')).toBe('redis://:***@cache:6379/1');
    expect(withoutUserInfoPassword('rediss://app:s3cret@cache:6380')).toBe('rediss://app:***@cache:6380');
    expect(withoutUserInfoPassword('mqtts://broker.example:8883')).toBe('mqtts://broker.example:8883');
    expect(withoutUserInfoPassword('mqtt://history@broker:1883')).toBe('mqtt://history@broker:1883');
  });
});
