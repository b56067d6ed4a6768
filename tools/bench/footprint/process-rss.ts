import { readdirSync, readFileSync } from 'node:fs';

const KIB_PER_MIB = 1024;

/** The resident set of a running process, in MiB, from `/proc/<pid>/status` (Linux). */
export function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB$/m);
  if (!line) throw new Error(`process ${pid} reports no resident set`);
  return Number(line[1]) / KIB_PER_MIB;
}

/** The pids whose parent is `pid`. */
export function childPids(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // The fourth field of /proc/<pid>/stat, after the name in parentheses, is the parent's pid.
        return Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === pid;
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
}
