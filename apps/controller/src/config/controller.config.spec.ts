import { ConfigurationError } from '@eventcast/bootstrap';
import { readControllerConfig } from './controller.config';

describe(readControllerConfig.name, () => {
  it('runs as controller-1 on port 5000 next to a local datastore by default', () => {
    expect(readControllerConfig({})).toEqual({
      logFormat: 'text',
      logLevel: 'info',
      mqttUrl: 'mqtt://localhost:1883',
      port: 5000,
      dataDir: './data',
      serviceId: 'controller-1',
      datastoreUrl: 'http://localhost:5002',
      broadcastIntervalMs: 5000,
      simSpeed: 1,
    });
  });

  it('takes a service id that can be a path prefix, a topic level and a host name', () => {
    expect(readControllerConfig({ SERVICE_ID: 'fermenter_2' }).serviceId).toBe('fermenter_2');
    for (const bad of ['Fermenter', 'a/b', 'a+b', '#', '-x', 'x'.repeat(64)]) {
      expect(() => readControllerConfig({ SERVICE_ID: bad })).toThrow(ConfigurationError);
    }
  });

  it('refuses a datastore address that is not http(s) and an interval below 100 ms', () => {
    expect(() => readControllerConfig({ DATASTORE_URL: 'redis://localhost:6379' })).toThrow(/DATASTORE_URL/);
    expect(() => readControllerConfig({ BROADCAST_INTERVAL_MS: '50' })).toThrow(/BROADCAST_INTERVAL_MS/);
  });

  it('simulates a fridge, faster than real time, when asked, and refuses settings that cannot work', () => {
    expect(readControllerConfig({ SIM_FRIDGE: 'on', SIM_SPEED: '60' })).toMatchObject({
      simSpeed: 60,
      simFridge: { ambientDegC: 20, heaterWatts: 100 },
    });
    expect(() => readControllerConfig({ SIM_FRIDGE: '{"heaterWatts": -1}' })).toThrow(
      /SIM_FRIDGE.*heaterWatts must be 0 or more/,
    );
    expect(() => readControllerConfig({ SIM_SPEED: '0' })).toThrow(/SIM_SPEED/);
  });
});
