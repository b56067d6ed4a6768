import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRepoFile, WORKSPACE } from './deployment-files';
import { environmentFile, ONE_PROCESS, SYSTEMD_DIR, UNIT_APPS, unitEnvironment, unitSettings } from './systemd-units';

const SYSTEMD_ANALYZE = spawnSync('systemd-analyze', ['--version']).status === 0;
const unit = unitSettings('eventcast@.service');
const service = unit['Service'];
const only = (key: string) => {
  expect([key, service[key]?.length]).toEqual([key, 1]);
  return service[key][0];
};
/** Seconds of a systemd time span such as `20s`, `1min 30s` or `90`. */
const seconds = (span: string) =>
  [...span.matchAll(/(\d+)\s*(min|s)?/g)].reduce((sum, [, n, unit]) => sum + Number(n) * (unit === 'min' ? 60 : 1), 0);

describe('docker/systemd/eventcast@.service', () => {
  (SYSTEMD_ANALYZE ? it.each : it.skip.each)([...UNIT_APPS, ONE_PROCESS])(
    `passes systemd-analyze verify as eventcast@%s.service${SYSTEMD_ANALYZE ? '' : ' (SKIPPED: no systemd-analyze here)'}`,
    (app) => {
      const dir = mkdtempSync(join(tmpdir(), 'eventcast-systemd-'));
      copyFileSync(join(WORKSPACE, SYSTEMD_DIR, 'eventcast@.service'), join(dir, 'eventcast@.service'));
      const result = spawnSync('systemd-analyze', ['verify', `./eventcast@${app}.service`], {
        cwd: dir,
        encoding: 'utf8',
      });
      // Unknown keys and bad values are only warnings: any output is a finding.
      expect({ status: result.status, output: result.stdout + result.stderr }).toEqual({ status: 0, output: '' });
    },
  );

  (SYSTEMD_ANALYZE ? it : it.skip)(
    `is rated OK or better by systemd-analyze security${SYSTEMD_ANALYZE ? '' : ' (SKIPPED: no systemd-analyze here)'}`,
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'eventcast-systemd-'));
      copyFileSync(join(WORKSPACE, SYSTEMD_DIR, 'eventcast@.service'), join(dir, 'eventcast@.service'));
      const result = spawnSync('systemd-analyze', ['security', '--offline=true', './eventcast@history.service'], {
        cwd: dir,
        encoding: 'utf8',
      });
      const exposure = /Overall exposure level for eventcast@history\.service: ([\d.]+) (\w+)/.exec(result.stdout);
      expect(exposure?.[2]).toBe('OK');
      expect(Number(exposure?.[1])).toBeLessThan(2);
    },
  );

  it('runs the built app of its instance name (all: the four in one process) from the checkout, as a user of its own', () => {
    expect(only('ExecStart')).toBe('/usr/bin/node docker/start-app.mjs');
    expect(unitEnvironment(unit)['EVENTCAST_APP']).toBe('%i');
    expect(only('WorkingDirectory')).toBe('/opt/eventcast');
    expect(only('User')).toBe('eventcast');
    expect(only('Group')).toBe('eventcast');
    for (const app of UNIT_APPS) {
      expect(JSON.parse(readRepoFile(`apps/${app}/project.json`)).targets).toHaveProperty('build');
    }
  });

  it('restarts a service that fails, and stops restarting one that keeps failing', () => {
    expect(only('Restart')).toBe('on-failure');
    expect(unit['Unit']['StartLimitBurst']).toEqual(['5']);
  });

  it('gives a stopping service longer than its own graceful stop before killing it', () => {
    const grace = /const SHUTDOWN_GRACE_MS = ([\d_]+);/.exec(readRepoFile('libs/bootstrap/src/lib/launch.ts'))?.[1];
    const graceSeconds = Number(grace?.replace(/_/g, '')) / 1000;
    expect(graceSeconds).toBeGreaterThan(0);
    expect(seconds(only('TimeoutStopSec'))).toBeGreaterThan(graceSeconds);
    expect(service['KillSignal'] ?? ['SIGTERM']).toEqual(['SIGTERM']);
  });

  it('reads the shared environment file, then the one of its app', () => {
    expect(service['EnvironmentFile']).toEqual(['/etc/eventcast/eventcast.env', '/etc/eventcast/%i.env']);
  });

  it('runs Node with a young generation of 4 MiB semi-spaces', () => {
    expect(unitEnvironment(unit)['NODE_OPTIONS']).toBe('--max-semi-space-size=4');
  });

  it('sets DATA_DIR to its state directory, the one folder the hardening leaves writable', () => {
    expect(only('ProtectSystem')).toBe('strict');
    expect(only('StateDirectory')).toBe('eventcast');
    expect(unitEnvironment(unit)['DATA_DIR']).toBe('/var/lib/eventcast');
    expect(service['ReadOnlyPaths']).toBeUndefined();
    expect(service['InaccessiblePaths']).toBeUndefined();
    // An environment file that set DATA_DIR elsewhere would point the services at a read-only folder.
    for (const file of ['eventcast.env', ...[...UNIT_APPS, ONE_PROCESS].map((app) => `${app}.env`)]) {
      expect([file, environmentFile(file)['DATA_DIR']]).toEqual([file, undefined]);
    }
  });
});

describe('the environment files of docker/systemd', () => {
  const env = Object.fromEntries(UNIT_APPS.map((app) => [app, environmentFile(`${app}.env`)]));

  it("gives each app its default port (npm start's), all different", () => {
    expect({
      history: env['history']['PORT'],
      datastore: env['datastore']['PORT'],
      controller: env['controller']['PORT'],
      automation: env['automation']['PORT'],
    }).toEqual({
      history: '5001',
      datastore: '5002',
      controller: '5000',
      automation: '5003',
    });
  });

  it('gives the four services of eventcast@all the same ports and controller as their own instances', () => {
    const all = environmentFile(`${ONE_PROCESS}.env`);
    expect(all).toEqual({
      HISTORY_PORT: env['history']['PORT'],
      DATASTORE_PORT: env['datastore']['PORT'],
      CONTROLLER_PORT: env['controller']['PORT'],
      AUTOMATION_PORT: env['automation']['PORT'],
      SERVICE_ID: env['controller']['SERVICE_ID'],
    });
  });

  it("points the controller at the datastore's port", () => {
    expect(env['controller']['DATASTORE_URL']).toBe(`http://localhost:${env['datastore']['PORT']}`);
  });

  it("points the automation service at the datastore's and the history service's ports", () => {
    expect(env['automation']['DATASTORE_URL']).toBe(`http://localhost:${env['datastore']['PORT']}`);
    expect(env['automation']['HISTORY_URL']).toBe(`http://localhost:${env['history']['PORT']}`);
  });

  it('names the local broker for every service', () => {
    expect(environmentFile('eventcast.env')['MQTT_URL']).toBe('mqtt://localhost:1883');
  });
});
