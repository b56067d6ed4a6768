import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { composeSchemaErrors } from './compose-schema';
import { ComposeService, DOCKER_DIR, documentedServices, loadCompose, readRepoFile } from './deployment-files';

const compose = loadCompose();
const documented = documentedServices();
const byName = (name: string): ComposeService => compose.services[name];
const dockerCompose = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' }).status === 0;

/** `name:/path` mounts of named volumes (bind mounts of config files start with `.` or `/`). */
const namedVolumeMounts = (service: ComposeService) => (service.volumes ?? []).filter((v) => !/^[./]/.test(v));

describe('docker/compose.yaml', () => {
  it('is a valid Compose file by the Compose specification schema, and so is its TLS override', () => {
    expect(composeSchemaErrors(compose)).toEqual([]);
    expect(composeSchemaErrors(loadCompose('docker/compose.tls.yaml'))).toEqual([]);
  });

  (dockerCompose ? it : it.skip)(
    `is accepted by docker compose config${dockerCompose ? '' : ' (SKIPPED: Docker Compose is not installed here)'}`,
    () => {
      const result = spawnSync('docker', ['compose', '-f', join(DOCKER_DIR, 'compose.yaml'), 'config', '--quiet'], {
        encoding: 'utf8',
      });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
    },
  );

  it('runs exactly the services the deployment page lists', () => {
    expect(Object.keys(compose.services).sort()).toEqual(documented.map((s) => s.name).sort());
  });

  it.each(documented.map((s) => [s.name, s] as const))(
    'runs %s from the image or Dockerfile the page names',
    (name, doc) => {
      const service = byName(name);
      if (doc.image === 'docker/Dockerfile') {
        const target = doc.stage && { target: doc.stage };
        expect(service.build).toEqual({ context: '..', dockerfile: 'docker/Dockerfile', ...target });
      } else {
        expect(service.image).toBe(doc.image);
        expect(service.build).toBeUndefined();
      }
    },
  );

  it('pins every image it pulls to a version, never latest', () => {
    const pulled = Object.values(compose.services)
      .filter((s) => !s.build)
      .map((s) => s.image ?? '');
    for (const image of pulled) expect(image).toMatch(/^[\w./-]+:(?!latest)[\w.-]*\d[\w.-]*$/);
  });

  it.each(documented.map((s) => [s.name, s] as const))(
    'gives %s exactly the environment the page lists',
    (name, doc) => {
      expect(byName(name).environment ?? {}).toEqual(doc.environment);
    },
  );

  it('leaves PORT to the image, so every eventcast app listens on 5000 inside the network', () => {
    for (const service of Object.values(compose.services)) expect(service.environment?.['PORT']).toBeUndefined();
    expect(readRepoFile('docker/Dockerfile')).toMatch(/^ENV .*\bPORT=5000\b/m);
  });

  it.each(documented.map((s) => [s.name, s] as const))(
    'mounts exactly the named volumes the page lists on %s',
    (name, doc) => {
      expect(namedVolumeMounts(byName(name))).toEqual(doc.volumes);
    },
  );

  it('declares every named volume it mounts, and no other', () => {
    const mounted = Object.values(compose.services).flatMap((s) => namedVolumeMounts(s).map((v) => v.split(':')[0]));
    expect(Object.keys(compose.volumes ?? {}).sort()).toEqual([...new Set(mounted)].sort());
  });

  it('bind-mounts only configuration files that exist, read-only', () => {
    const binds = Object.values(compose.services).flatMap((s) => (s.volumes ?? []).filter((v) => v.startsWith('.')));
    expect(binds.length).toBeGreaterThan(0);
    for (const bind of binds) {
      const [source, , mode] = bind.split(':');
      expect(existsSync(join(DOCKER_DIR, source))).toBe(true);
      expect(mode).toBe('ro');
    }
  });

  it.each(documented.map((s) => [s.name, s] as const))(
    'publishes on %s only the host ports the page lists',
    (name, doc) => {
      const hostPorts = (byName(name).ports ?? []).map((mapping) => mapping.split(':').slice(-2)[0]);
      expect(hostPorts).toEqual(doc.published);
    },
  );

  it.each(documented.map((s) => [s.name, s] as const))(
    'starts %s only once the services it needs are healthy',
    (name, doc) => {
      const dependsOn = byName(name).depends_on ?? {};
      expect(Object.keys(dependsOn).sort()).toEqual([...doc.dependsOn].sort());
      for (const [dependency, { condition }] of Object.entries(dependsOn)) {
        expect(condition).toBe('service_healthy');
        const checked = byName(dependency).healthcheck ?? (byName(dependency).build && 'image HEALTHCHECK');
        expect(checked).toBeTruthy();
      }
    },
  );

  it('restarts every service unless stopped and checks the health of each', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      expect([name, service.restart]).toEqual([name, 'unless-stopped']);
      expect([name, Boolean(service.healthcheck ?? service.build)]).toEqual([name, true]);
    }
  });

  it('names each controller service after its SERVICE_ID, so it answers on http://<service_id>:5000', () => {
    const controllers = Object.entries(compose.services).filter(
      ([, s]) => s.environment?.['EVENTCAST_APP'] === 'controller',
    );
    expect(controllers.length).toBeGreaterThanOrEqual(2);
    for (const [name, service] of controllers) expect(service.environment?.['SERVICE_ID']).toBe(name);
  });

  it("gives each controller the datastore's token, so that the datastore takes its calls", () => {
    const datastoreToken = byName('datastore').environment?.['API_TOKEN_FILE'];
    expect(datastoreToken).toBeDefined();
    for (const [name, service] of Object.entries(compose.services)) {
      if (service.environment?.['EVENTCAST_APP'] !== 'controller') continue;
      expect({ name, token: service.environment['DATASTORE_API_TOKEN_FILE'] }).toEqual({ name, token: datastoreToken });
    }
  });

  it('keeps Redis data in an append-only file', () => {
    expect(byName('redis').command?.join(' ')).toContain('--appendonly yes');
  });

  it('gives Mosquitto a config that listens on 1883 and persists to the broker volume', () => {
    const mosquitto = byName('mosquitto');
    expect(mosquitto.volumes).toContain('./mosquitto/mosquitto.conf:/mosquitto/config/mosquitto.conf:ro');
    const config = readRepoFile('docker/mosquitto/mosquitto.conf');
    expect(config).toMatch(/^listener 1883$/m);
    expect(config).toMatch(/^persistence true$/m);
    const dataDir = namedVolumeMounts(mosquitto)[0].split(':')[1];
    expect(config).toMatch(new RegExp(`^persistence_location ${dataDir}/?$`, 'm'));
  });

  // tools/e2e/src/broker-access.int-spec.ts runs this configuration in a real Mosquitto.
  it('gives Mosquitto a published listener for accounts only, with the mounted password file and ACL', () => {
    const mosquitto = byName('mosquitto');
    const config = readRepoFile('docker/mosquitto/mosquitto.conf');
    const published = /^listener 1883\n((?!listener)[^\n]*\n)*/m.exec(config)?.[0] ?? '';
    expect(published).toMatch(/^allow_anonymous false$/m);
    expect(published).toMatch(/^password_file \/run\/secrets\/mqtt-passwd$/m);
    expect(mosquitto.secrets).toContain('mqtt-passwd');
    const acl = /^acl_file (\S+)$/m.exec(published)?.[1];
    expect(mosquitto.volumes).toContain(`./mosquitto/acl:${acl}:ro`);
    expect(config).toMatch(/^listener 1880 127\.0\.0\.1$/m);
    expect(mosquitto.healthcheck?.test.join(' ')).toContain('-p 1880');
  });

  it("lets the admin account in only on the broker's local listener, from a password file of its own", () => {
    const mosquitto = byName('mosquitto');
    const config = readRepoFile('docker/mosquitto/mosquitto.conf');
    const local = /^listener 1880 127\.0\.0\.1\n((?!listener)[^\n]*\n)*/m.exec(config)?.[0] ?? '';
    expect(local).toMatch(/^password_file \/run\/secrets\/mqtt-admin-passwd$/m);
    expect(mosquitto.secrets).toEqual(['mqtt-passwd', 'mqtt-admin-passwd']);
    expect(compose.secrets?.['mqtt-admin-passwd']).toEqual({ file: './secrets/mqtt-admin-passwd' });
  });

  it('gives each eventcast service the secrets its *_FILE variables name, and declares every secret', () => {
    const declared = Object.keys(compose.secrets ?? {});
    const apps = Object.entries(compose.services).filter(([, s]) => s.environment?.['EVENTCAST_APP'] !== undefined);
    for (const [name, service] of apps) {
      const named = Object.entries(service.environment ?? {})
        .filter(([key]) => key.endsWith('_FILE'))
        .map(([, path]) => path.replace('/run/secrets/', ''));
      expect({ name, secrets: [...new Set(named)].sort() }).toEqual({
        name,
        secrets: [...(service.secrets ?? [])].sort(),
      });
      for (const secret of service.secrets ?? []) expect(declared).toContain(secret);
    }
  });
});
