// npm run faults [-- --short] [words...] — the fault suite (docs/reliability.md): each case plays
// one fault (a crash, a store or broker going away) against the built services, with a Mosquitto
// and a Redis of its own, and checks what the docs promise under it. Prints one line per case and
// exits 1 when a case broke a promise or failed. `--short` gives each case a few seconds (CI);
// words keep only the cases whose `<service>: <name>` holds one of them.
import 'reflect-metadata';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { AUTOMATION_CASES } from './automation.cases';
import { CONTROLLER_CASES } from './controller.cases';
import { DATASTORE_CASES } from './datastore.cases';
import { HISTORY_CASES } from './history.cases';
import { FaultCase, FaultResult, FaultRun, sleep } from './fault-case';

const CASES: FaultCase[] = [...HISTORY_CASES, ...DATASTORE_CASES, ...CONTROLLER_CASES, ...AUTOMATION_CASES];

const WORKSPACE = resolve(__dirname, '../..');

/** A case that has not ended by then fails, and what it started is stopped. */
const DEADLINE_MS = { short: 60_000, full: 5 * 60_000 };
/** How long one stop at the end of a case may take before the suite goes on without it. */
const STOP_MS = 15_000;

/** Runs `fault` with a `FaultRun` of its own, then stops what it started, newest first. */
async function runCase(fault: FaultCase, short: boolean): Promise<FaultResult> {
  const cleanups: Array<() => Promise<unknown>> = [];
  const run: FaultRun = {
    short,
    stopAtEnd(thing) {
      cleanups.push(() => thing.stop());
      return thing;
    },
    tempDir(name) {
      const dir = mkdtempSync(join(tmpdir(), `eventcast-faults-${name}-`));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      return dir;
    },
  };
  const deadlineMs = short ? DEADLINE_MS.short : (fault.deadlineMs ?? DEADLINE_MS.full);
  let deadline: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      fault.run(run),
      new Promise<never>((_, reject) => {
        deadline = setTimeout(() => reject(new Error(`did not end within ${deadlineMs / 1000} s`)), deadlineMs);
      }),
    ]);
  } finally {
    clearTimeout(deadline);
    for (const cleanup of cleanups.reverse()) await Promise.race([cleanup().catch(() => undefined), sleep(STOP_MS)]);
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const short = args.includes('--short');
  const words = args.filter((arg) => !arg.startsWith('--'));
  const cases = CASES.filter((fault) => !words.length || words.some((word) => title(fault).includes(word)));
  const unbuilt = [...new Set(cases.map((fault) => fault.service))].filter(
    (app) => !existsSync(join(WORKSPACE, 'dist/apps', app, 'main.js')),
  );
  if (unbuilt.length) {
    console.error(
      `faults: ${unbuilt.join(', ')} not built: run \`npm run build\` first (\`npm run faults\` builds them)`,
    );
    return 2;
  }

  const suiteStarted = Date.now();
  let failed = 0;
  for (const fault of cases) {
    const started = Date.now();
    const took = () => `[${((Date.now() - started) / 1000).toFixed(1)} s]`;
    try {
      const { summary, broken } = await runCase(fault, short);
      console.log(`${title(fault)}: ${summary} ${took()}`);
      for (const promise of broken) console.log(`  BROKEN: ${promise}`);
      if (broken.length) failed++;
    } catch (error) {
      console.log(`${title(fault)}: FAILED ${took()}: ${error instanceof Error ? error.message : String(error)}`);
      failed++;
    }
  }
  const seconds = ((Date.now() - suiteStarted) / 1000).toFixed(1);
  console.log(
    `faults${short ? ' (short)' : ''}: ${cases.length} cases in ${seconds} s, ${failed ? `${failed} broke a promise or failed` : 'every promise kept'}`,
  );
  return failed ? 1 : 0;
}

function title(fault: FaultCase): string {
  return `${fault.service}: ${fault.name}`;
}

// Exits at once: a case that failed may leave calls running that nothing will end.
void main().then((code) => process.exit(code));
