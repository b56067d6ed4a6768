import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FaultCase, sleep } from '../fault-case';
import { HistoryScene } from './history-scene';
import { smallDisk } from './small-disk';

const DISK_MB = 16;

/**
 * The embedded store's file and the spool on a small disk of their own (a tmpfs; mounting one needs
 * root) that fills while the service writes to both: ingest stops with a log line, the broker
 * keeps what is published, and health answers 503 naming the full disk. Then space is freed and,
 * without a restart, ingest resumes by itself: every acknowledged event is stored, health answers 200.
 */
export const embeddedDiskFullCase: FaultCase = {
  service: 'history',
  name: "embedded store, DATA_DIR's disk full while it writes",
  async run(run) {
    const { disk, dataDir } = smallDisk(run, DISK_MB);
    const scene = await HistoryScene.start(run, { brokerSessions: true, dataDir });
    await sleep(1_000);
    const filler = join(disk, 'filler');
    try {
      // As much of the disk as is free now, but 256 KB: about 2 s of the load.
      const free = Number(execFileSync('df', ['--output=avail', '-B1', disk]).toString().split('\n')[1]);
      writeFileSync(filler, Buffer.alloc(Math.max(0, free - 256 * 1024)));
    } catch {
      // The disk filled while the filler was written: full is what the case wants.
    }
    await sleep(run.short ? 6_000 : 15_000);
    const stopped = /ingest stopped: no space left on the disk of /.test(scene.log);
    const whileFull = await scene.health();
    rmSync(filler, { force: true });
    const result = await scene.settle(stopped ? ['ingest stopped with a log line while the disk was full'] : []);
    if (!stopped) result.broken.push('ingest did not log "ingest stopped: no space left on the disk of ..."');
    if (whileFull.status !== 503 || !whileFull.body.includes('No space left on device')) {
      result.broken.push(`while the disk was full, health answered ${whileFull.status} ${whileFull.body}`);
    }
    const after = await scene.health();
    if (after.status !== 200) result.broken.push(`once there was room, health answered ${after.status} ${after.body}`);
    return result;
  },
};
