import { FaultCase, sleep } from '../fault-case';
import { HistoryScene, VALUES_PER_SECOND } from './history-scene';
import { RestartableQuestDb } from './restartable-questdb';

/**
 * The history service killed (SIGKILL) three times during sustained ingest, and started again on
 * the same data folder each time: every event the broker acknowledged to the publisher is stored.
 */
export function historyKillCase(questDbVersion?: string): FaultCase {
  return {
    service: 'history',
    name: `${questDbVersion ? `QuestDB ${questDbVersion}` : 'embedded store'}, SIGKILL 3 times during ingest at ${VALUES_PER_SECOND.toLocaleString('en')} values/s`,
    async run(run) {
      const questDb = questDbVersion ? await RestartableQuestDb.start(run, questDbVersion) : undefined;
      const scene = await HistoryScene.start(run, { questDbUrl: questDb?.url, brokerSessions: true });
      for (let kill = 0; kill < 3; kill++) {
        await sleep(run.short ? 2_000 : 10_000);
        await scene.killService();
      }
      await sleep(2_000);
      return scene.settle();
    },
  };
}
