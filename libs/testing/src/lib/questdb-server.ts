import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';
import { waitFor } from './wait-for';

const run = promisify(execFile);

/** The oldest QuestDB release the history service supports and tests (docs/history.md). */
export const OLDEST_QUESTDB_VERSION = '8.1.4';

/** The QuestDB version `docker/compose.yaml` pins: the one image tag `questdb/questdb:<version>`. */
export function composeQuestDbVersion(workspaceRoot: string): string {
  const compose = readFileSync(join(workspaceRoot, 'docker', 'compose.yaml'), 'utf8');
  const version = /image:\s*questdb\/questdb:(\S+)/.exec(compose)?.[1];
  if (!version) throw new Error('docker/compose.yaml pins no questdb/questdb image');
  return version;
}

/** The versions every test run covers: the deployment's and the oldest supported one. */
export function testedQuestDbVersions(workspaceRoot: string): string[] {
  return [...new Set([composeQuestDbVersion(workspaceRoot), OLDEST_QUESTDB_VERSION])];
}

/** The server jar in the local Maven repository, fetched from Maven Central by `mvn` when missing. */
export async function fetchQuestDbJar(version: string): Promise<string> {
  const jar = join(homedir(), '.m2', 'repository', 'org', 'questdb', 'questdb', version, `questdb-${version}.jar`);
  if (existsSync(jar)) return jar;
  try {
    await run('mvn', ['-q', '-B', 'dependency:get', `-Dartifact=org.questdb:questdb:${version}`], {
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout = '', message } = error as { stdout?: string; message: string };
    throw new Error(`mvn could not fetch org.questdb:questdb:${version}: ${stdout.trim() || message}`);
  }
  if (!existsSync(jar)) throw new Error(`mvn fetched org.questdb:questdb:${version} but ${jar} is missing`);
  return jar;
}

/**
 * QuestDB 9.x needs a newer JDK than 17: take the newest one under /usr/lib/jvm. Older releases
 * run on the default `java`. `QUESTDB_JAVA` names a `java` binary to use instead.
 */
function javaFor(version: string): string {
  if (process.env.QUESTDB_JAVA) return process.env.QUESTDB_JAVA;
  if (Number(version.split('.')[0]) < 9) return 'java';
  const jdks = existsSync('/usr/lib/jvm') ? readdirSync('/usr/lib/jvm') : [];
  const newest = jdks
    .map((name) => ({ name, major: Number(/(\d+)/.exec(name)?.[1] ?? 0) }))
    .filter(({ name, major }) => major >= 21 && existsSync(join('/usr/lib/jvm', name, 'bin', 'java')))
    .sort((a, b) => b.major - a.major)[0];
  return newest ? join('/usr/lib/jvm', newest.name, 'bin', 'java') : 'java';
}

/** Only the HTTP endpoint on loopback; the PostgreSQL, TCP/UDP line and health listeners stay off. */
function serverConf(port: number): string {
  return [
    `http.bind.to=127.0.0.1:${port}`,
    'http.min.enabled=false',
    'pg.enabled=false',
    'line.tcp.enabled=false',
    'line.udp.enabled=false',
    'telemetry.enabled=false',
    '',
  ].join('\n');
}

/**
 * A QuestDB server of the tests' own: the pinned release from Maven Central, on a free loopback
 * port, with its data in `root`. It runs detached, so a script can start it and another stop it
 * by the pid it leaves in `root/questdb.pid`.
 */
export class QuestDbServer {
  private constructor(
    readonly version: string,
    readonly root: string,
    readonly port: number,
  ) {}

  /** `http://127.0.0.1:<port>`: where `/exec` and `/write` answer. */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /**
   * Fetches `version` when needed, starts it on `port` (a free one unless given: a restart passes
   * the port it had) with its data in `root`, and resolves once `/exec` answers.
   */
  static async start(version: string, root: string, port?: number): Promise<QuestDbServer> {
    const jar = await fetchQuestDbJar(version);
    const server = new QuestDbServer(version, root, port ?? (await freePort()));
    mkdirSync(join(root, 'conf'), { recursive: true });
    writeFileSync(join(root, 'conf', 'server.conf'), serverConf(server.port));
    const log = openSync(join(root, 'questdb.log'), 'a');
    const child = spawn(
      javaFor(version),
      ['-Xms256m', '-Xmx1g', '-p', jar, '-m', 'io.questdb/io.questdb.ServerMain', '-d', root],
      {
        detached: true,
        stdio: ['ignore', log, log],
      },
    );
    child.unref();
    writeFileSync(join(root, 'questdb.pid'), String(child.pid));
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code) =>
        reject(new Error(`QuestDB ${version} exited with ${code} at start; see ${join(root, 'questdb.log')}`)),
      ),
    );
    await Promise.race([waitFor(`QuestDB ${version} at ${server.url}/exec`, () => server.answers(), 60_000), exited]);
    return server;
  }

  /** Stops the server whose pid `root/questdb.pid` holds: SIGTERM, then SIGKILL after 10 s. */
  static async stop(root: string): Promise<void> {
    const pidFile = join(root, 'questdb.pid');
    if (!existsSync(pidFile)) return;
    const pid = Number(readFileSync(pidFile, 'utf8'));
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    if (!alive()) return;
    process.kill(pid, 'SIGTERM');
    await waitFor(`QuestDB (pid ${pid}) to exit`, () => !alive(), 10_000).catch(() => process.kill(pid, 'SIGKILL'));
  }

  /** The server's own build line, e.g. `Build Information: QuestDB 9.3.2, ...`. */
  async build(): Promise<string> {
    const response = await fetch(`${this.url}/exec?query=${encodeURIComponent('SELECT build()')}`);
    const answer = (await response.json()) as { dataset?: unknown[][] };
    return String(answer.dataset?.[0]?.[0]);
  }

  private async answers(): Promise<boolean> {
    try {
      return (await fetch(`${this.url}/exec?query=SELECT%201`, { signal: AbortSignal.timeout(1_000) })).ok;
    } catch {
      return false;
    }
  }
}
