import { PrivateBroker, ServiceUnderTest } from '@eventcast/testing';
import { FaultCase, sleep } from '../fault-case';
import { WriteLoad } from '../write-load';
import { datastoreWriters } from './datastore-writers';

/**
 * The datastore on its embedded SQLite store, while 6 clients call `set` and 2 call `mset`: the
 * datastore process is killed (SIGKILL) and started again on the same data folder, twice in the
 * short form, five times in the full one; every answered write must read back after each restart.
 */
export const embeddedStoreKillCase: FaultCase = {
  service: 'datastore',
  name: 'embedded store, datastore SIGKILL',
  async run(run) {
    const broker = run.stopAtEnd(await PrivateBroker.start());
    const env = { MQTT_URL: broker.url, REDIS_URL: '', DATA_DIR: run.tempDir('datastore') };
    let datastore = run.stopAtEnd(await ServiceUnderTest.start('datastore', env));
    const load = new WriteLoad(datastoreWriters(datastore.client, 6, 2));
    const kills = run.short ? 2 : 5;
    for (let kill = 0; kill < kills; kill++) {
      load.start();
      await sleep(run.short ? 1000 : 3000);
      await datastore.stop('SIGKILL');
      await load.stop();
      datastore = run.stopAtEnd(await ServiceUnderTest.start('datastore', datastore.env));
      await load.check();
    }
    return {
      summary: `${kills} × SIGKILL: ${load.describe()} (promised: 0)`,
      broken: load.brokenBy([...load.lost], 'every answered write is on disk'),
    };
  },
};
