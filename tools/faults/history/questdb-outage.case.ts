import { count, FaultCase, sleep } from '../fault-case';
import { HistoryScene, VALUES_PER_SECOND } from './history-scene';
import { RestartableQuestDb } from './restartable-questdb';

/**
 * QuestDB stopped for a while (10 minutes in the full form: 6 M values) while events keep
 * arriving, then started again: nothing is lost, memory stays bounded, and the backlog is written
 * while new events go on arriving.
 */
export function questDbOutageCase(version: string): FaultCase {
  return {
    service: 'history',
    name: `QuestDB ${version} stopped during ingest at ${count(VALUES_PER_SECOND)} values/s, then started again`,
    deadlineMs: 20 * 60_000,
    async run(run) {
      const outageSeconds = run.short ? 15 : 600;
      const questDb = await RestartableQuestDb.start(run, version);
      const scene = await HistoryScene.start(run, { questDbUrl: questDb.url });
      const sampler = setInterval(() => scene.sampleMemory(), 1_000);
      try {
        await sleep(3_000);
        await questDb.stop();
        await sleep(outageSeconds * 1_000);
        const backlog = new Set(scene.load.acknowledged);
        const outagePeakMb = scene.peakRssMb;
        await questDb.restart();
        const returned = Date.now();
        await scene.waitUntilStored(backlog, 10 * 60_000);
        const drained = Math.round((Date.now() - returned) / 1000);
        return await scene.settle([
          `stopped ${outageSeconds} s; the ${count(backlog.size * scene.load.valuesPerEvent)} values acknowledged by its return were stored ${drained} s after it, while ingest went on`,
          `the service's memory peaked at ${outagePeakMb} MB during the outage, ${scene.peakRssMb} MB in all`,
        ]);
      } finally {
        clearInterval(sampler);
      }
    },
  };
}
