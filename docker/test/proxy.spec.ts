import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOCKER_DIR, documentedRoutes, found, loadCompose, readRepoFile } from './deployment-files';
import { locations, proxyHeaders, proxyTarget } from './nginx-config';

const config = readRepoFile('docker/proxy/nginx.conf');
const rules = locations(config).filter((l) => proxyTarget(l) !== undefined);
const routes = documentedRoutes();
const compose = loadCompose();
const nginx = spawnSync('nginx', ['-v']).status === 0;

describe('docker/proxy/nginx.conf', () => {
  it('is the configuration the proxy service runs', () => {
    expect(compose.services['proxy'].volumes).toContain('./proxy/nginx.conf:/etc/nginx/nginx.conf:ro');
  });

  it.each(routes.map((r) => [r.path, r.service] as const))(
    'sends %s to %s on port 5000 with the path unchanged',
    (path, service) => {
      const rule = rules.find((l) => l.path === path);
      expect(rule).toBeDefined();
      expect(proxyTarget(found(rule, `the rule for ${path}`))).toBe(`http://${service}:5000`);
      expect(compose.services[service]).toBeDefined();
    },
  );

  it('passes on no path the URL table does not list', () => {
    expect(rules.map((l) => l.path).sort()).toEqual(routes.map((r) => r.path).sort());
  });

  it('has a rule /<service_id>/ for every controller service', () => {
    const controllers = Object.entries(compose.services).filter(
      ([, s]) => s.environment?.['EVENTCAST_APP'] === 'controller',
    );
    for (const [name] of controllers) expect(routes).toContainEqual({ path: `/${name}/`, service: name });
  });

  it('passes WebSocket upgrades on the history rule, with the usual forwarding headers', () => {
    const history = found(
      rules.find((l) => l.path === '/history/'),
      'the /history/ rule',
    );
    expect(proxyHeaders(history)).toMatchObject({
      Upgrade: '$http_upgrade',
      Connection: '$connection_upgrade',
      Host: '$host',
      'X-Forwarded-For': '$proxy_add_x_forwarded_for',
    });
    expect(config).toMatch(/map \$http_upgrade \$connection_upgrade \{\s*default upgrade;\s*'' close;\s*\}/);
  });

  (nginx ? it : it.skip)(`is accepted by nginx -t${nginx ? '' : ' (SKIPPED: no nginx program here)'}`, () => {
    const prefix = mkdtempSync(join(tmpdir(), 'eventcast-nginx-'));
    const args = [
      '-t',
      '-p',
      prefix,
      '-c',
      join(DOCKER_DIR, 'proxy/nginx.conf'),
      '-g',
      `error_log stderr; pid ${prefix}/nginx.pid;`,
    ];
    const result = spawnSync('nginx', args, { encoding: 'utf8' });
    expect(result.stderr).toContain('test is successful');
  });
});
