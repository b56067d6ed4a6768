import { FaultCase, sleep } from '../fault-case';
import { HistoryScene } from './history-scene';

/**
 * The broker shut down and started again while events keep being published (the publisher's
 * client keeps them meanwhile): the broker keeps the service's persistent session on disk, as the
 * Compose broker does, and every acknowledged event is stored.
 */
export const historyBrokerRestartCase: FaultCase = {
  service: 'history',
  name: 'embedded store, broker shut down for 5 s and started again',
  async run(run) {
    const scene = await HistoryScene.start(run, { brokerSessions: true });
    await sleep(3_000);
    await scene.broker.shutdown();
    await sleep(5_000);
    await scene.broker.restart();
    await sleep(3_000);
    return scene.settle();
  },
};
