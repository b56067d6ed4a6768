/**
 * QuestDB for the tests and benches, from Maven Central (docs/history.md, "QuestDB in the tests").
 *
 *   questdb.ts fetch                 fetch the tested versions into the local Maven repository
 *   questdb.ts start <version> <dir> start one on a free loopback port, data in <dir>; prints its URL
 *   questdb.ts stop <dir>            stop the one started in <dir>, by its pid
 *   questdb.ts run <command...>      start every tested version, run the command with QUESTDB_URLS
 *                                    set, stop them and exit with the command's code; with
 *                                    QUESTDB_URL set it only runs the command against that server
 */
// The harness it imports brings the domain's decorated DTOs, which need the metadata polyfill first.
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fetchQuestDbJar, QUESTDB_URLS_VARIABLE, QuestDbServer, testedQuestDbVersions } from '@eventcast/testing';

const WORKSPACE = resolve(__dirname, '../..');

async function runWithQuestDb(command: string[]): Promise<number> {
  const env = { ...process.env };
  const roots: string[] = [];
  const stopAll = async () => {
    await Promise.all(roots.map((root) => QuestDbServer.stop(root)));
    roots.forEach((root) => rmSync(root, { recursive: true, force: true }));
  };
  if (!env.QUESTDB_URL) {
    try {
      const servers = await Promise.all(
        testedQuestDbVersions(WORKSPACE).map((version) => {
          const root = mkdtempSync(join(tmpdir(), `eventcast-questdb-${version}-`));
          roots.push(root);
          return QuestDbServer.start(version, root);
        }),
      );
      env[QUESTDB_URLS_VARIABLE] = servers.map((server) => `${server.version}=${server.url}`).join(',');
      console.log(`questdb: ${servers.map((server) => `QuestDB ${server.version} at ${server.url}`).join(', ')}`);
    } catch (error) {
      await stopAll();
      throw error;
    }
  }
  const child = spawn(command[0], command.slice(1), { stdio: 'inherit', env });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward).on('SIGTERM', forward);
  const code = await new Promise<number>((done) =>
    child.once('exit', (exitCode, signal) => done(exitCode ?? (signal ? 1 : 0))),
  );
  await stopAll();
  return code;
}

async function main([command, ...args]: string[]): Promise<number> {
  switch (command) {
    case 'fetch':
      for (const version of testedQuestDbVersions(WORKSPACE)) console.log(await fetchQuestDbJar(version));
      return 0;
    case 'start': {
      const server = await QuestDbServer.start(args[0], resolve(args[1]));
      console.log(server.url);
      return 0;
    }
    case 'stop':
      await QuestDbServer.stop(resolve(args[0]));
      return 0;
    case 'run':
      return runWithQuestDb(args[0] === '--' ? args.slice(1) : args);
    default:
      console.error('usage: questdb.ts fetch | start <version> <dir> | stop <dir> | run <command...>');
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`questdb: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
