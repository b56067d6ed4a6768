import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parse } from 'yaml';
import { DOCKER_DIR, loadCompose, readRepoFile } from './deployment-files';
import { dashboards, provisionedDataSources, queriesOf } from './grafana-dashboards';

const compose = loadCompose();
const promtool = spawnSync('promtool', ['--version']).status === 0;

describe('the Grafana dashboards', () => {
  const all = dashboards();

  it('are the two the docs name, each with a uid of its own', () => {
    expect(all.map(({ dashboard }) => dashboard.title).sort()).toEqual(['eventcast services', 'history']);
    expect(new Set(all.map(({ dashboard }) => dashboard.uid)).size).toBe(all.length);
  });

  it.each(dashboards().map(({ file, dashboard }) => [file, dashboard] as const))(
    '%s is a dashboard of the provisioning format: schema version, panels with ids, places and queries',
    (_file, dashboard) => {
      expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
      expect(dashboard.panels.length).toBeGreaterThan(0);
      expect(new Set(dashboard.panels.map((panel) => panel.id)).size).toBe(dashboard.panels.length);
      for (const panel of dashboard.panels) {
        expect(panel.gridPos).toEqual({
          x: expect.any(Number) as number,
          y: expect.any(Number) as number,
          w: expect.any(Number) as number,
          h: expect.any(Number) as number,
        });
        expect(panel.targets.length).toBeGreaterThan(0);
      }
    },
  );

  it('query only the data sources Grafana is given, each by its uid and type', () => {
    const typeOf = new Map(provisionedDataSources().map((source) => [source.uid, source.type]));
    for (const query of all.flatMap(({ dashboard }) => queriesOf(dashboard))) {
      expect({ where: query.where, type: typeOf.get(query.datasource.uid) }).toEqual({
        where: query.where,
        type: query.datasource.type,
      });
      expect(query.text.trim()).not.toBe('');
    }
  });
});

describe('the Grafana and Prometheus provisioning', () => {
  it('points the data sources at the Compose services Prometheus and QuestDB (PostgreSQL wire, 8812)', () => {
    const urls = Object.fromEntries(provisionedDataSources().map((source) => [source.uid, source.url]));
    expect(urls).toEqual({ prometheus: 'http://prometheus:9090', questdb: 'questdb:8812' });
    expect(compose.services['prometheus']).toBeDefined();
    expect(compose.services['questdb']).toBeDefined();
  });

  it('loads the dashboards from the folder Compose mounts them in', () => {
    const providers = parse(readRepoFile('docker/grafana/provisioning/dashboards/dashboards.yaml')) as {
      providers: Array<{ options: { path: string } }>;
    };
    const mount = compose.services['grafana'].volumes?.find((volume) => volume.startsWith('./grafana/dashboards:'));
    expect(mount?.split(':')[1]).toBe(providers.providers[0].options.path);
  });

  it('scrapes the metrics route of every eventcast service in the Compose file', () => {
    const config = parse(readRepoFile('docker/prometheus/prometheus.yml')) as {
      scrape_configs: Array<{
        job_name: string;
        metrics_path?: string;
        static_configs: Array<{ targets: string[]; labels?: Record<string, string> }>;
      }>;
    };
    const scraped = config.scrape_configs.flatMap((job) =>
      job.static_configs.flatMap(({ targets, labels }) =>
        targets.map((target) => ({
          host: target.split(':')[0],
          path: job.metrics_path ?? `/${labels?.['controller']}/metrics`,
        })),
      ),
    );
    const apps = Object.entries(compose.services).filter(([, s]) => s.environment?.['EVENTCAST_APP'] !== undefined);
    const expected = apps.map(([name, service]) => ({
      host: name,
      path: {
        history: '/history/metrics',
        datastore: '/history/datastore/metrics',
        controller: `/${service.environment?.['SERVICE_ID']}/metrics`,
        automation: '/automation/metrics',
      }[service.environment?.['EVENTCAST_APP'] ?? ''],
    }));
    expect(scraped.sort((a, b) => a.host.localeCompare(b.host))).toEqual(
      expected.sort((a, b) => a.host.localeCompare(b.host)),
    );
    expect(compose.services['prometheus'].volumes).toContain(
      './prometheus/prometheus.yml:/etc/prometheus/prometheus.yml:ro',
    );
  });

  (promtool ? it : it.skip)(
    `is a configuration promtool accepts${promtool ? '' : ' (SKIPPED: no promtool here; apt-get install prometheus)'}`,
    () => {
      const result = spawnSync('promtool', ['check', 'config', join(DOCKER_DIR, 'prometheus/prometheus.yml')], {
        encoding: 'utf8',
      });
      expect(result.stdout + result.stderr).toContain('SUCCESS');
      expect(result.status).toBe(0);
    },
  );
});
