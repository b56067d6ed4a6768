import { PrivateBroker, ServiceUnderTest } from '@eventcast/testing';
import { FaultCase, sleep } from '../fault-case';
import { WriteLoad } from '../write-load';
import { controllerEnv, SERVICE_ID } from './controller-env';
import { controllerWriters } from './controller-writers';

/**
 * The controller, without a datastore, while 4 clients call `/blocks/write` and 4 call
 * `/blocks/patch`, each on a block of its own: the process is killed (SIGKILL) and started again on
 * the same device file, twice in the short form, five times in the full one; every answered write
 * must read back (`/blocks/read/stored`) after each restart.
 */
export const controllerKillCase: FaultCase = {
  service: 'controller',
  name: 'controller SIGKILL during block writes',
  async run(run) {
    const broker = run.stopAtEnd(await PrivateBroker.start());
    let controller = run.stopAtEnd(await ServiceUnderTest.start('controller', controllerEnv(run, broker.url)));
    const writers = controllerWriters(controller.client, SERVICE_ID, 4, 4);
    for (const writer of writers) await writer.create();
    const load = new WriteLoad(writers);
    const kills = run.short ? 2 : 5;
    for (let kill = 0; kill < kills; kill++) {
      load.start();
      await sleep(run.short ? 1000 : 3000);
      await controller.stop('SIGKILL');
      await load.stop();
      controller = run.stopAtEnd(await ServiceUnderTest.start('controller', controller.env));
      await load.check();
    }
    return {
      summary: `${kills} × SIGKILL: ${load.describe()} (promised: 0)`,
      broken: load.brokenBy([...load.lost], 'every answered write is in the device file'),
    };
  },
};
