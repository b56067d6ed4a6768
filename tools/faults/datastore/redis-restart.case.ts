import { PrivateBroker, PrivateRedis, ServiceUnderTest } from '@eventcast/testing';
import { count, FaultCase, sleep } from '../fault-case';
import { AnsweredWrite, WriteLoad } from '../write-load';
import { datastoreWriters } from './datastore-writers';

/**
 * Under `appendfsync everysec`, how long before a kill an answered write may still be lost: while
 * a background fsync runs late, Redis answers writes it has not written to the append-only file,
 * for up to 2 s (docs/reliability.md).
 */
const EVERYSEC_RISK_MS = 2000;

type RedisFault = 'SIGKILL' | 'SHUTDOWN';

/**
 * The datastore on Redis with an append-only file, while 6 clients call `set` and 2 call `mset`:
 * Redis is killed (SIGKILL) or shut down (SHUTDOWN) and started again on the same folder, once in
 * the short form, three times in the full one; every answered write must read back after each
 * restart, except under a kill with `everysec`, where those answered in the last 2 s may be lost.
 */
export function redisRestartCase(fault: RedisFault, appendfsync: 'always' | 'everysec'): FaultCase {
  return {
    service: 'datastore',
    name: `Redis ${fault}, appendfsync ${appendfsync}`,
    async run(run) {
      const broker = run.stopAtEnd(await PrivateBroker.start());
      const redis = run.stopAtEnd(await PrivateRedis.start(appendfsync));
      const datastore = run.stopAtEnd(
        await ServiceUnderTest.start('datastore', { MQTT_URL: broker.url, REDIS_URL: redis.url }),
      );
      const load = new WriteLoad(datastoreWriters(datastore.client, 6, 2));
      const faultsAt: number[] = [];
      for (let round = 0; round < (run.short ? 1 : 3); round++) {
        load.start();
        await sleep(run.short ? 1500 : 5000);
        await (fault === 'SIGKILL' ? redis.kill() : redis.shutdown());
        faultsAt.push(Date.now());
        await load.stop();
        await redis.restart();
        await load.check();
      }

      const mayLose = fault === 'SIGKILL' && appendfsync === 'everysec';
      const atRisk = (write: AnsweredWrite) =>
        faultsAt.some((at) => write.at <= at && at - write.at < EVERYSEC_RISK_MS);
      const lost = [...load.lost].filter((write) => !mayLose || !atRisk(write));
      const promised = mayLose
        ? `at most the ${count(load.answered.filter(atRisk).length)} answered in the ${EVERYSEC_RISK_MS / 1000} s before each kill`
        : '0';
      return {
        summary: `${faultsAt.length} × ${fault}: ${load.describe()} (promised: ${promised})`,
        broken: load.brokenBy(lost, `Redis keeps them under ${fault} with appendfsync ${appendfsync}`),
      };
    },
  };
}
