import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOCKER_DIR, documentedRoutes, found, loadCompose, readRepoFile } from './deployment-files';
import { locations, proxyHeaders, proxyTarget } from './nginx-config';
import { NGINX_MIME_TYPES } from './proxy-process';

const config = readRepoFile('docker/proxy/nginx.conf');
const rules = locations(readRepoFile('docker/proxy/routes.conf')).filter((l) => proxyTarget(l) !== undefined);
const routes = documentedRoutes();
const compose = loadCompose();
const nginx = spawnSync('nginx', ['-v']).status === 0;

describe('docker/proxy', () => {
  it('is the configuration the proxy service runs, plain HTTP unless compose.tls.yaml says HTTPS', () => {
    expect(compose.services['proxy'].volumes).toEqual([
      './proxy/nginx.conf:/etc/nginx/nginx.conf:ro',
      './proxy/routes.conf:/etc/nginx/routes.conf:ro',
      './proxy/http.conf:/etc/nginx/server.conf:ro',
    ]);
    expect(config).toMatch(/^\s*include server\.conf;$/m);
    for (const server of ['http.conf', 'https.conf']) {
      expect(readRepoFile(`docker/proxy/${server}`)).toMatch(/^\s*include routes\.conf;$/m);
    }
    const tls = loadCompose('docker/compose.tls.yaml').services['proxy'];
    expect(tls.volumes).toContain('./proxy/https.conf:/etc/nginx/server.conf:ro');
    expect(tls.ports).toEqual(['443:443']);
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

  (nginx ? it.each : it.skip.each)(['http.conf', 'https.conf'])(
    `is accepted by nginx -t with %s${nginx ? '' : ' (SKIPPED: no nginx program here)'}`,
    (server) => {
      const prefix = mkdtempSync(join(tmpdir(), 'eventcast-nginx-'));
      for (const file of ['nginx.conf', 'routes.conf'])
        copyFileSync(join(DOCKER_DIR, 'proxy', file), join(prefix, file));
      copyFileSync(join(DOCKER_DIR, 'proxy', server), join(prefix, 'server.conf'));
      copyFileSync(NGINX_MIME_TYPES, join(prefix, 'mime.types'));
      mkdirSync(join(prefix, 'tls'));
      const certificate = ['-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'];
      const files = ['-keyout', join(prefix, 'tls/key.pem'), '-out', join(prefix, 'tls/cert.pem')];
      spawnSync('openssl', ['req', ...certificate, ...files]);
      const args = [
        '-t',
        '-p',
        prefix,
        '-c',
        join(prefix, 'nginx.conf'),
        '-g',
        `error_log stderr; pid ${prefix}/nginx.pid;`,
      ];
      const result = spawnSync('nginx', args, { encoding: 'utf8' });
      expect(result.stderr).toContain('test is successful');
    },
  );
});
