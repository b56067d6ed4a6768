import { count, FaultCase, sleep } from '../fault-case';
import { HistoryLoad } from './history-load';
import { HistoryScene } from './history-scene';
import { RestartableQuestDb } from './restartable-questdb';

const CHANGES_PER_SECOND = 200;

/**
 * The history service killed (SIGKILL) three times while a controller's change events arrive beside
 * the values: every change the broker acknowledged is stored as an annotation, once.
 */
export function annotationsKillCase(questDbVersion?: string): FaultCase {
  return {
    service: 'history',
    name: `${questDbVersion ? `QuestDB ${questDbVersion}` : 'embedded store'}, SIGKILL 3 times during a burst of ${CHANGES_PER_SECOND} changes/s`,
    async run(run) {
      const questDb = questDbVersion ? await RestartableQuestDb.start(run, questDbVersion) : undefined;
      const scene = await HistoryScene.start(run, { questDbUrl: questDb?.url, brokerSessions: true });
      const controller = `${scene.load.key}-changes`;
      const changes = run.stopAtEnd(await HistoryLoad.startChanges(scene.broker.url, controller, CHANGES_PER_SECOND));
      for (let kill = 0; kill < 3; kill++) {
        await sleep(run.short ? 2_000 : 10_000);
        await scene.killService();
      }
      await changes.stop();
      const values = await scene.settle();
      const acknowledged = [...changes.acknowledged];
      let stored: number[] = [];
      const deadline = Date.now() + 2 * 60_000;
      do {
        stored = await scene.storedChanges(controller);
        if (acknowledged.every((seq) => stored.includes(seq))) break;
        await sleep(500);
      } while (Date.now() < deadline);
      const kept = new Set(stored);
      const lost = acknowledged.filter((seq) => !kept.has(seq));
      return {
        summary:
          `acknowledged ${count(acknowledged.length)} changes, stored ${count(kept.size)} as annotations, ` +
          `lost ${count(lost.length)}, stored twice ${count(stored.length - kept.size)} (promised: lost 0); ${values.summary}`,
        broken: [
          ...values.broken,
          ...(lost.length > 0 ? [`${count(lost.length)} acknowledged changes are not stored as annotations`] : []),
        ],
      };
    },
  };
}
