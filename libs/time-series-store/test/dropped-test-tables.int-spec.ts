import { randomBytes } from 'node:crypto';
import { describeOnEachQuestDb, dropQuestDbTables } from '@eventcast/testing';
import { QuestDbHttpClient, QuestDbTimeSeriesStore } from '../src';

// The tests drop what they wrote on a QuestDB they may share (`dropQuestDbTables`): nothing else may go.
describeOnEachQuestDb('dropping the tables of a test', ({ url }) => {
  const run = `dropped_${randomBytes(4).toString('hex')}`;
  const http = new QuestDbHttpClient(url);
  const tables = async () =>
    (await http.exec('SELECT table_name FROM tables()'))
      .map(([name]) => String(name))
      .filter((name) => name.startsWith(run));

  async function createStore(table: string): Promise<void> {
    const store = new QuestDbTimeSeriesStore(url, table);
    await store.open();
    await store.check();
    await store.write([{ ts: Date.now() * 1000, values: new Map([['dropped/v', 1]]) }]);
    await store.close();
  }

  afterAll(() => dropQuestDbTables(url, run));

  it("drops a test's table with its rollups, and leaves the tables whose names only begin alike", async () => {
    await createStore(`${run}_test`);
    await createStore(`${run}_testing`);
    await createStore(`${run}_other`);

    await dropQuestDbTables(url, `${run}_test`);

    const left = await tables();
    expect(left.filter((name) => name === `${run}_test` || name.startsWith(`${run}_test_`))).toEqual([]);
    expect(left).toEqual(expect.arrayContaining([`${run}_testing`, `${run}_other`]));
  });
});
