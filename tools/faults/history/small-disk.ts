import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { FaultRun } from '../fault-case';

/**
 * A disk of `megabytes` of its own for a case (a tmpfs; mounting one needs root), unmounted at the
 * end of the run, with an empty `data` folder for the service's `DATA_DIR`.
 */
export function smallDisk(run: FaultRun, megabytes: number): { disk: string; dataDir: string } {
  const disk = run.tempDir('disk');
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', disk]);
  run.stopAtEnd({ stop: async () => execFileSync('umount', ['--lazy', disk]) });
  const dataDir = join(disk, 'data');
  mkdirSync(dataDir);
  return { disk, dataDir };
}
