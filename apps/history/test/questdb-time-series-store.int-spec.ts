import { describeOnEachQuestDb } from '@eventcast/testing';
import { QuestDbTimeSeriesStore } from '@eventcast/time-series-store';
import { describeTimeSeriesStoreContract } from './time-series-store.contract';

describeOnEachQuestDb('the TimeSeriesStore contract', ({ label, url }) => {
  describeTimeSeriesStoreContract(label, async () => {
    const store = new QuestDbTimeSeriesStore(url);
    await store.open();
    await store.check();
    return store;
  });
});
