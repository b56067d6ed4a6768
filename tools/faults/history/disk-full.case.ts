import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FaultCase, sleep } from '../fault-case';
import { HistoryScene } from './history-scene';
import { RestartableQuestDb } from './restartable-questdb';
import { smallDisk } from './small-disk';

const DISK_MB = 8;

/**
 * `DATA_DIR` on a small disk of its own (a tmpfs; mounting one needs root) that fills while QuestDB
 * is away: ingest stops with a log line and the broker keeps what is published. Then space is
 * freed, the service is killed (so the spool is read back from disk) and QuestDB returns: every
 * acknowledged event is stored, and the spool reads back whole.
 */
export function diskFullCase(version: string): FaultCase {
  return {
    service: 'history',
    name: `QuestDB ${version}, DATA_DIR's disk full while QuestDB is away`,
    async run(run) {
      const { disk, dataDir } = smallDisk(run, DISK_MB);
      const filler = join(disk, 'filler');
      writeFileSync(filler, Buffer.alloc((DISK_MB * 1024 - 256) * 1024)); // 256 KB left: about 2 s of the load

      const questDb = await RestartableQuestDb.start(run, version);
      const scene = await HistoryScene.start(run, { questDbUrl: questDb.url, brokerSessions: true, dataDir });
      await questDb.stop();
      await sleep(run.short ? 6_000 : 15_000);
      const stopped = /ingest stopped: no space left on the disk of /.test(scene.log);
      rmSync(filler);
      await scene.killService();
      await questDb.restart();
      await sleep(3_000);
      const torn = /skipped \d+ bytes of a torn or damaged record/.test(scene.log);
      const result = await scene.settle(stopped ? ['ingest stopped with a log line while the disk was full'] : []);
      if (!stopped) result.broken.push('ingest did not log "ingest stopped: no space left on the disk of ..."');
      if (torn) result.broken.push('the spool read back with a damaged record');
      return result;
    },
  };
}
