// How the service benchmarks run: what they start is stopped at the end, newest first, and a run
// that hangs is stopped after its deadline instead of holding the machine.

/** What a benchmark started, to be stopped when it ends; `stopAll` empties it. */
export const cleanups: Array<() => Promise<void>> = [];

/** Stops everything in `cleanups`, newest first; a failing stop does not keep the others from running. */
export async function stopAll(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
}

/** Runs `main`, then stops what it started; gives up (exit 1) after `deadlineMs`. */
export function runBench(name: string, deadlineMs: number, main: () => Promise<void>): void {
  const deadline = setTimeout(() => {
    console.error(`${name} did not finish within ${deadlineMs / 60_000} minutes; stopping`);
    void stopAll().finally(() => process.exit(1));
  }, deadlineMs);
  deadline.unref();
  main()
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => stopAll().finally(() => clearTimeout(deadline)));
}
