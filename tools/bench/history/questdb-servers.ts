import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { QuestDbServer, questDbTargets, testedQuestDbVersions } from '@eventcast/testing';
import { cleanups } from '../bench-run';

const WORKSPACE = resolve(__dirname, '../../..');

/** The QuestDB servers to bench: the one QUESTDB_URL names, or the tested versions started here (stopped at the end). */
export async function questDbServers(): Promise<Array<{ name: string; url: string; root?: string }>> {
  const named = questDbTargets();
  if (named.length > 0) return named.map(({ label, url }) => ({ name: label, url }));
  const servers = [];
  for (const version of testedQuestDbVersions(WORKSPACE)) {
    const root = mkdtempSync(join(tmpdir(), `history-bench-questdb-${version}-`));
    cleanups.push(async () => {
      await QuestDbServer.stop(root);
      rmSync(root, { recursive: true, force: true });
    });
    const server = await QuestDbServer.start(version, root);
    servers.push({ name: `QuestDB ${version}`, url: server.url, root });
  }
  return servers;
}
