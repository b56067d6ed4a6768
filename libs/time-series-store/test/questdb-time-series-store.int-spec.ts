import { randomBytes } from 'node:crypto';
import { describeOnEachQuestDb, dropQuestDbTables } from '@eventcast/testing';
import { QuestDbTimeSeriesStore, Retention } from '../src';
import { describeTimeSeriesStoreContract } from './time-series-store.contract';

describeOnEachQuestDb('the TimeSeriesStore contract', ({ label, url }) => {
  // Tables of this run's own, dropped at the end: the server may be a shared one that holds other
  // tables and rows.
  const run = randomBytes(4).toString('hex');
  afterAll(() => dropQuestDbTables(url, `contract_${run}`));
  const openAt = async (table: string, retention?: Retention) => {
    const store = new QuestDbTimeSeriesStore(url, table, retention);
    await store.open();
    await store.check();
    return store;
  };
  describeTimeSeriesStoreContract(
    label,
    () => openAt(`contract_${run}`),
    (place, retention) => openAt(`contract_${run}_${place}`, retention),
  );
});
