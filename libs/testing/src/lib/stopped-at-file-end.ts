/** A service a test started in the test's own process. */
export interface InProcessService {
  stop(): Promise<unknown>;
}

/**
 * The set of a harness's in-process services still running: those left in it when a test file
 * ends are stopped by the `afterAll` this registers, even after a failed test. Call it at the top of
 * the harness's module, add a service when it starts and delete it when it stops. A service left
 * running would reconnect to its broker after Jest tore the file down, and fail every later file of
 * the same worker.
 */
export function stoppedAtFileEnd<T extends InProcessService>(): Set<T> {
  const running = new Set<T>();
  afterAll(async () => {
    await Promise.allSettled([...running].map((service) => service.stop()));
  });
  return running;
}
