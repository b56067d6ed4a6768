import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectAsync } from 'mqtt';
import { parse, stringify } from 'yaml';
import {
  describeOnEachQuestDb,
  dropQuestDbTables,
  freePort,
  ServiceUnderTest,
  testBrokerUrl,
  waitFor,
} from '@eventcast/testing';
import { readRepoFile } from './deployment-files';
import { dashboards, DashboardQuery, metricNames, queriesOf } from './grafana-dashboards';

const PROMETHEUS_INSTALLED = spawnSync('prometheus', ['--version']).status === 0;
const queries = dashboards().flatMap(({ dashboard }) => queriesOf(dashboard));
const promQueries = queries.filter((query) => query.datasource.uid === 'prometheus');
const sqlQueries = queries.filter((query) => query.datasource.uid === 'questdb');

type App = 'history' | 'datastore' | 'controller' | 'automation';

interface ScrapeJob {
  job_name: string;
  scrape_interval?: string;
  static_configs: Array<{ targets: string[]; labels?: Record<string, string> }>;
}

/**
 * The Compose Prometheus configuration with each target moved to the address of the service of that
 * name (targets without one dropped) and a scrape every second; nothing else changed.
 */
function prometheusConfig(address: (host: string) => string | undefined): string {
  const config = parse(readRepoFile('docker/prometheus/prometheus.yml')) as {
    global: Record<string, string>;
    scrape_configs: ScrapeJob[];
  };
  config.global.scrape_interval = '1s';
  for (const job of config.scrape_configs) {
    job.static_configs = job.static_configs
      .map((group) => ({
        ...group,
        targets: group.targets.flatMap((target) => address(target.split(':')[0]) ?? []),
      }))
      .filter((group) => group.targets.length > 0);
  }
  return stringify(config);
}

async function prometheusApi<T>(base: string, path: string): Promise<T> {
  const answer = (await (await fetch(`${base}/api/v1/${path}`)).json()) as { status: string; data: T; error?: string };
  if (answer.status !== 'success') throw new Error(`Prometheus answered ${answer.error ?? answer.status} to ${path}`);
  return answer.data;
}

(PROMETHEUS_INSTALLED ? describe : describe.skip)(
  `the services dashboard, on a real Prometheus scraping the built services${
    PROMETHEUS_INSTALLED ? '' : ' (SKIPPED: no prometheus program here; apt-get install prometheus)'
  }`,
  () => {
    const services = new Map<string, ServiceUnderTest<App>>();
    let prometheus: ChildProcess;
    let base: string;

    beforeAll(async () => {
      const datastore = await ServiceUnderTest.start('datastore');
      services.set('datastore', datastore);
      services.set('history', await ServiceUnderTest.start('history', { MQTT_CLIENT_ID: 'eventcast-history-grafana' }));
      services.set(
        'fermenter',
        await ServiceUnderTest.start('controller', { SERVICE_ID: 'fermenter', DATASTORE_URL: datastore.url }),
      );
      services.set(
        'automation',
        await ServiceUnderTest.start('automation', {
          DATASTORE_URL: datastore.url,
          HISTORY_URL: services.get('history')?.url ?? '',
        }),
      );
      const dir = mkdtempSync(join(tmpdir(), 'eventcast-prometheus-'));
      writeFileSync(
        join(dir, 'prometheus.yml'),
        prometheusConfig((host) => services.get(host)?.url.replace('http://', '')),
      );
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      prometheus = spawn(
        'prometheus',
        [
          `--config.file=${join(dir, 'prometheus.yml')}`,
          `--storage.tsdb.path=${dir}/data`,
          `--web.listen-address=127.0.0.1:${port}`,
        ],
        { stdio: 'ignore' },
      );
      // Every target up and scraped twice at least, so that rate() has two samples to go on.
      await waitFor(
        'Prometheus to scrape every service twice',
        async () => {
          const result = await prometheusApi<{ result: Array<{ value: [number, string] }> }>(
            base,
            `query?query=${encodeURIComponent('count_over_time(up[1m]) >= 2 and up == 1')}`,
          ).catch(() => ({ result: [] }));
          return result.result.length === services.size;
        },
        30_000,
      );
    }, 90_000);

    afterAll(async () => {
      prometheus?.kill('SIGTERM');
      await Promise.all([...services.values()].map((service) => service.stop()));
    });

    it('finds every metric a dashboard reads among those it scraped', async () => {
      const scraped = new Set(await prometheusApi<string[]>(base, 'label/__name__/values'));
      const missing = promQueries.flatMap((query) =>
        metricNames(query.text)
          .filter((name) => !scraped.has(name))
          .map((name) => `${query.where}: ${name}`),
      );
      expect(missing).toEqual([]);
    });

    it.each(promQueries.map((query) => [query.where, query] as const))(
      'evaluates %s',
      async (_where, query: DashboardQuery) => {
        const result = await prometheusApi<{ resultType: string }>(
          base,
          `query?query=${encodeURIComponent(query.text)}`,
        );
        expect(result.resultType).toBe('vector');
      },
    );
  },
);

/** A Grafana time as its PostgreSQL macros write it: RFC 3339 in UTC, whole seconds. */
const grafanaTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * A QuestDB query of the history dashboard as Grafana sends it, for the last hour, with the table
 * moved to `table` and the variables filled in: `$__timeFilter`, `${field:singlequote}`,
 * `${controller}` and `${__interval_ms}`.
 */
function filledIn(sql: string, table: string, fields: string[], controller: string): string {
  const now = Date.now();
  return sql
    .replace(/\bhistory_values\b/g, table)
    .replace(
      /\$__timeFilter\((\w+)\)/g,
      (_m, column: string) => `${column} BETWEEN '${grafanaTime(now - 3_600_000)}' AND '${grafanaTime(now + 60_000)}'`,
    )
    .replace(/\$\{field:singlequote\}/g, fields.map((field) => `'${field.replace(/'/g, "''")}'`).join(','))
    .replace(/\$\{controller\}/g, controller)
    .replace(/\$\{__interval_ms\}/g, '60000');
}

describeOnEachQuestDb('the history dashboard', ({ url }) => {
  const table = `grafana_${randomBytes(4).toString('hex')}`;
  const fields = ['fermenter/Beer sensor/value[degC]', 'fermenter/Heater/setting[degC]'];
  let history: ServiceUnderTest<'history'>;

  beforeAll(async () => {
    history = await ServiceUnderTest.start('history', {
      QUESTDB_URL: url,
      QUESTDB_TABLE: table,
      MQTT_CLIENT_ID: `eventcast-history-${table}`,
    });
    const peer = await connectAsync(testBrokerUrl());
    for (let index = 0; index < 3; index++) {
      const data = { 'Beer sensor': { 'value[degC]': 18 + index }, Heater: { 'setting[degC]': 20 } };
      await peer.publishAsync('eventcast/history/fermenter', JSON.stringify({ key: 'fermenter', data }), { qos: 1 });
    }
    await peer.endAsync();
    await waitFor('the history in QuestDB', async () => {
      const { data } = await history.client.POST('/timeseries/fields', { body: { duration: '1h' } });
      return fields.every((field) => data?.includes(field));
    });
    // The service knows its fields as it writes them; QuestDB shows the rows once it has applied its
    // write-ahead log, a moment later (8.1.4 once read none).
    await waitFor('the rows readable in QuestDB', async () => {
      const sql = `SELECT count() FROM ${table}`;
      const answer = (await (await fetch(`${url}/exec?query=${encodeURIComponent(sql)}`)).json()) as {
        dataset?: number[][];
      };
      return (answer.dataset?.[0]?.[0] ?? 0) >= 3;
    });
  }, 60_000);

  afterAll(async () => {
    await history?.stop();
    await dropQuestDbTables(url, table);
  });

  it.each(sqlQueries.map((query) => [query.where, query] as const))(
    'runs %s and gets rows',
    async (_where, query: DashboardQuery) => {
      const sql = filledIn(query.text, table, fields, 'fermenter');
      const answer = (await (await fetch(`${url}/exec?query=${encodeURIComponent(sql)}`)).json()) as {
        error?: string;
        count?: number;
      };
      expect({ sql, error: answer.error }).toEqual({ sql, error: undefined });
      expect(answer.count).toBeGreaterThan(0);
    },
  );
});
