import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { DuckDBInstance } from '@duckdb/node-api';
import { dataOf, PrivateBroker, ServiceName, ServiceUnderTest, waitFor } from '@eventcast/testing';
import { readRepoFile } from './deployment-files';
import { environmentFile, unitEnvironment, unitSettings } from './systemd-units';

// The four services started as eventcast@<app>.service starts them (docker/systemd), and the
// backups of docs/deployment.md ("Backing up /var/lib/eventcast") made from their DATA_DIR.
const STATE_DIR = '/var/lib/eventcast';
const SQLITE3 = spawnSync('sqlite3', ['-version']).status === 0;
const page = readRepoFile('docs/deployment.md');
/** A command of docs/deployment.md's backup part, with the state directory moved to `dataDir`. */
const documented = (pattern: RegExp, dataDir: string) => {
  const command = pattern.exec(page)?.[1];
  if (!command) throw new Error(`docs/deployment.md has no command matching ${pattern}`);
  return command.replaceAll(STATE_DIR, dataDir);
};

/**
 * The variables systemd gives eventcast@<app>: the unit's Environment=, then eventcast.env, then
 * <app>.env; with only the broker, the ports and DATA_DIR moved to the test's (`moved`).
 */
function unitVariables(app: ServiceName, moved: Record<string, string>): Record<string, string> {
  return {
    ...unitEnvironment(unitSettings('eventcast@.service')),
    ...environmentFile('eventcast.env'),
    ...environmentFile(`${app}.env`),
    ...moved,
  };
}

describe('the services as eventcast@.service runs them, and the backups of their DATA_DIR', () => {
  let dir: string;
  let dataDir: string;
  let broker: PrivateBroker;
  const services = new Map<ServiceName, ServiceUnderTest<ServiceName>>();
  const service = <App extends ServiceName>(app: App) => services.get(app) as ServiceUnderTest<App>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'eventcast-systemd-services-'));
    dataDir = join(dir, 'state');
    mkdirSync(dataDir);
    broker = await PrivateBroker.start();
    const moved = { MQTT_URL: broker.url, DATA_DIR: dataDir };
    services.set('datastore', await ServiceUnderTest.start('datastore', unitVariables('datastore', moved)));
    services.set('history', await ServiceUnderTest.start('history', unitVariables('history', moved)));
    const datastoreUrl = service('datastore').url;
    const controller = unitVariables('controller', {
      ...moved,
      DATASTORE_URL: datastoreUrl,
      BROADCAST_INTERVAL_MS: '200',
    });
    services.set('controller', await ServiceUnderTest.start('controller', controller));
    const automation = unitVariables('automation', {
      ...moved,
      DATASTORE_URL: datastoreUrl,
      HISTORY_URL: service('history').url,
    });
    services.set('automation', await ServiceUnderTest.start('automation', automation));
  }, 90_000);

  afterAll(async () => {
    await Promise.all([...services.values()].map((each) => each.stop('SIGKILL')));
    await broker?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("run with the unit's variables, each keeping its files in DATA_DIR", async () => {
    const serviceId = environmentFile('controller.env')['SERVICE_ID'];
    expect(service('controller').env['SERVICE_ID']).toBe(serviceId);
    await waitFor(
      'the controller history stored by the history service',
      async () => {
        const fields = await dataOf(service('history').client.POST('/timeseries/fields', { body: { duration: '1h' } }));
        return (fields as string[]).some((name) => name.startsWith(`${serviceId}/`));
      },
      30_000,
    );
    // The controller writes its device file at its first block change (below).
    for (const file of ['datastore.sqlite', 'history.duckdb', 'history-spool']) {
      expect([file, existsSync(join(dataDir, file))]).toEqual([file, true]);
    }
  });

  it("run the automation service with the unit's variables, ready beside the datastore and history", async () => {
    expect(await dataOf(service('automation').client.GET('/health'))).toMatchObject({ status: 'ready' });
  });

  it('give a copy of the device file, made while the controller runs, with its blocks', async () => {
    await dataOf(
      service('controller').client.POST('/blocks/create', {
        body: {
          id: 'Backup sensor',
          serviceId: service('controller').env['SERVICE_ID'],
          type: 'TempSensorMock',
          data: {},
        },
      }),
    );
    const file = `controller-${service('controller').env['SERVICE_ID']}.device.json`;
    const copy = join(dir, file);
    execFileSync('cp', [join(dataDir, file), copy]);
    expect(readFileSync(copy, 'utf8')).toContain('Backup sensor');
  });

  (SQLITE3 ? it : it.skip)(
    `give a copy of the datastore made with the documented SQLite backup while it runs, with the last answered write${SQLITE3 ? '' : ' (SKIPPED: no sqlite3 program here)'}`,
    async () => {
      for (let i = 0; i < 20; i++) {
        await dataOf(
          service('datastore').client.POST('/set', { body: { value: { namespace: 'backup', id: `doc-${i}` } } }),
        );
      }
      const backup = documented(/`sudo -u eventcast (sqlite3 [^`]+)`/, dataDir);
      execFileSync('bash', ['-c', backup]);
      const copy = new DatabaseSync(join(dataDir, 'datastore.backup.sqlite'), { readOnly: true });
      try {
        const row = copy.prepare("SELECT count(*) AS n FROM documents WHERE namespace = 'backup'").get() as {
          n: number;
        };
        expect(row.n).toBe(20);
      } finally {
        copy.close();
      }
    },
  );

  it('keep every other program out of the DuckDB file while history runs; stopped, it is copied with its values', async () => {
    const store = join(dataDir, 'history.duckdb');
    await expect(DuckDBInstance.create(store, { access_mode: 'READ_ONLY' })).rejects.toThrow(/lock/);

    const started = Date.now();
    expect(await service('history').stop('SIGTERM')).toMatchObject({ code: 0 });
    const stopTimeout = Number(/^TimeoutStopSec=(\d+)s$/m.exec(readRepoFile('docker/systemd/eventcast@.service'))?.[1]);
    expect(Date.now() - started).toBeLessThan(stopTimeout * 1000);

    const backupDir = join(dir, 'backup');
    mkdirSync(backupDir);
    const copyCommand = documented(/^(cp -a \/var\/lib\/eventcast\/history\.duckdb\* .+)$/m, dataDir).replace(
      '/backup/eventcast/',
      `${backupDir}/`,
    );
    execFileSync('bash', ['-c', copyCommand]);
    expect(existsSync(join(backupDir, 'history-spool'))).toBe(true);
    const copy = await DuckDBInstance.create(join(backupDir, 'history.duckdb'), { access_mode: 'READ_ONLY' });
    const connection = await copy.connect();
    const rows = await connection.runAndReadAll('SELECT count(*) FROM history_values');
    expect(Number(rows.getRows()[0][0])).toBeGreaterThan(0);
    connection.closeSync();
    copy.closeSync();
  });
});
