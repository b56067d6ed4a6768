import { describeOnEachQuestDb } from '@eventcast/testing';
import { QuestDbTimeSeriesStore, Retention } from '@eventcast/time-series-store';
import { describeTimeSeriesStoreContract } from './time-series-store.contract';

describeOnEachQuestDb('the TimeSeriesStore contract', ({ label, url }) => {
  const openAt = async (table = 'history_values', retention?: Retention) => {
    const store = new QuestDbTimeSeriesStore(url, table, retention);
    await store.open();
    await store.check();
    return store;
  };
  describeTimeSeriesStoreContract(
    label,
    () => openAt(),
    (place, retention) => openAt(`contract_${place}`, retention),
  );
});
