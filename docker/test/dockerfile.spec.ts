import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { validate } from 'dockerfile-utils';
import { found, readRepoFile, WORKSPACE } from './deployment-files';
import { argsOf, stages } from './dockerfile-stages';

const dockerfile = readRepoFile('docker/Dockerfile');
const all = stages(dockerfile);
const stage = (name: string) =>
  found(
    all.find((s) => s.name === name),
    `the stage ${name}`,
  );
const runtime = found(all.at(-1), 'the final stage');

describe('docker/Dockerfile', () => {
  it('passes the Dockerfile linter without a finding', () => {
    expect(validate(dockerfile).map((d) => `line ${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
  });

  it('would be caught by the linter if it broke its rules', () => {
    expect(validate(dockerfile.replace('WORKDIR /app', 'WORKDIR app').replace('USER node', 'user node'))).toHaveLength(
      2,
    );
  });

  it('builds from official Node LTS and nginx images pinned to a release line, never latest', () => {
    expect(all.map((s) => s.image)).toEqual([
      'node:26-bookworm',
      'node:26-bookworm',
      'nginx:1.28-alpine',
      'node:26-bookworm-slim',
    ]);
  });

  it('runs the services on the newest supported Node.js line (tools/node/lines), the one CI tests last', () => {
    const newest = readRepoFile('tools/node/lines').trim().split(/\s+/).pop();
    const nodeImages = all.map((s) => s.image).filter((image) => image.startsWith('node:'));
    expect(nodeImages.map((image) => image.replace(/^node:(\d+)-.*$/, '$1'))).toEqual(nodeImages.map(() => newest));
  });

  it("ends with the services' stage, so a build without --target makes the services' image", () => {
    expect(runtime.name).toBe('runtime');
  });

  it('puts the web app, as the build stage built it, in the folder the proxy serves at /, in the stage proxy', () => {
    // npm run build builds every project with a build target; the web app's writes dist/apps/web.
    expect(JSON.parse(readRepoFile('package.json')).scripts.build).toBe('nx run-many -t build');
    const web = JSON.parse(readRepoFile('apps/web/project.json'));
    expect(web.targets.build.outputs).toEqual(['{workspaceRoot}/dist/apps/web']);
    expect(readRepoFile('apps/web/vite.config.mts')).toMatch(/outDir: `\$\{workspace\}dist\/apps\/web`/);
    const root = /^root (\S+);$/m.exec(readRepoFile('docker/proxy/routes.conf'))?.[1];
    expect(argsOf(stage('proxy'), 'COPY')).toEqual([`--from=build /app/dist/apps/web ${root}`]);
    expect(argsOf(stage('proxy'), 'RUN')).toEqual([]);
  });

  it('installs everything and builds the apps in the build stage', () => {
    expect(argsOf(stage('build'), 'RUN')).toEqual(
      expect.arrayContaining([expect.stringMatching(/^npm ci\b/), 'npm run build']),
    );
  });

  it('installs only production dependencies in the deps stage', () => {
    expect(argsOf(stage('deps'), 'RUN')).toEqual([expect.stringMatching(/^npm ci --omit=dev\b/)]);
  });

  it('takes only node_modules from deps and dist/apps from build into the slim final stage', () => {
    const copies = argsOf(runtime, 'COPY');
    expect(copies.filter((c) => c.startsWith('--from'))).toEqual([
      '--from=deps /app/node_modules ./node_modules',
      '--from=build /app/dist/apps ./dist/apps',
    ]);
    expect(runtime.image).toMatch(/-slim$/);
    expect(argsOf(runtime, 'RUN').join(' ')).not.toMatch(/apt-get|python|g\+\+|make/);
  });

  it('runs the final stage as the non-root node user, with /data as its own volume', () => {
    expect(argsOf(runtime, 'USER')).toEqual(['node']);
    expect(argsOf(runtime, 'RUN')).toContain('mkdir -p /data && chown node:node /data');
    expect(argsOf(runtime, 'VOLUME')).toEqual(['["/data"]']);
    const userAt = runtime.steps.findIndex((s) => s.keyword === 'USER');
    expect(runtime.steps.slice(userAt).filter((s) => s.keyword === 'RUN')).toEqual([]);
  });

  it('sets NODE_ENV=production, PORT=5000, DATA_DIR=/data and a young generation of 4 MiB semi-spaces in the final stage', () => {
    expect(argsOf(runtime, 'ENV')).toEqual([
      'NODE_ENV=production PORT=5000 DATA_DIR=/data NODE_OPTIONS=--max-semi-space-size=4',
    ]);
  });

  it('starts the app of EVENTCAST_APP and checks its health with the scripts it copies', () => {
    expect(argsOf(runtime, 'COPY')).toContain(
      'docker/start-app.mjs docker/healthcheck.mjs docker/one-process.mjs ./docker/',
    );
    expect(argsOf(runtime, 'CMD')).toEqual(['["node", "docker/start-app.mjs"]']);
    expect(argsOf(runtime, 'HEALTHCHECK')).toEqual([
      expect.stringMatching(/ CMD \["node", "docker\/healthcheck\.mjs"\]$/),
    ]);
  });

  it('copies only files that exist in the repository', () => {
    const sources = all
      .flatMap((s) => argsOf(s, 'COPY'))
      .filter((args) => !args.startsWith('--from'))
      .flatMap((args) => args.split(/\s+/).slice(0, -1));
    for (const source of sources) expect([source, existsSync(join(WORKSPACE, source))]).toEqual([source, true]);
  });
});

describe('.dockerignore', () => {
  it('keeps installed, built and local files out of the build context', () => {
    const ignored = readRepoFile('.dockerignore').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', 'dist', 'data', '.git', '.nx']));
  });

  it('keeps in everything the build reads', () => {
    const ignored = readRepoFile('.dockerignore').split('\n');
    for (const needed of [
      'apps',
      'libs',
      'tools',
      'package.json',
      'package-lock.json',
      'nx.json',
      'tsconfig.base.json',
      'docker',
    ]) {
      expect(ignored).not.toContain(needed);
    }
  });
});
