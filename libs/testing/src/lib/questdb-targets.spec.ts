import { historyStores, questDbTargets } from './questdb-targets';

describe(questDbTargets.name, () => {
  it('reads the servers npm test started from QUESTDB_URLS, labelled by version', () => {
    expect(questDbTargets({ QUESTDB_URLS: '9.3.2=http://127.0.0.1:40001,8.1.4=http://127.0.0.1:40002' })).toEqual([
      { label: 'QuestDB 9.3.2', url: 'http://127.0.0.1:40001' },
      { label: 'QuestDB 8.1.4', url: 'http://127.0.0.1:40002' },
    ]);
  });

  it('takes the one server QUESTDB_URL names over those of QUESTDB_URLS', () => {
    expect(
      questDbTargets({ QUESTDB_URL: 'http://questdb:9000', QUESTDB_URLS: '9.3.2=http://127.0.0.1:40001' }),
    ).toEqual([{ label: 'QuestDB at http://questdb:9000', url: 'http://questdb:9000' }]);
  });

  it('has no server when neither is set', () => {
    expect(questDbTargets({})).toEqual([]);
  });
});

describe(historyStores.name, () => {
  const servers = { QUESTDB_URLS: '9.3.2=http://127.0.0.1:40001,8.1.4=http://127.0.0.1:40002' };

  it('runs the history service on DuckDB and on each QuestDB server, in a table of its own there', () => {
    const [duckDb, ...questDb] = historyStores(servers);
    expect(duckDb).toEqual({ label: 'DuckDB', env: {} });
    expect(questDb.map(({ label, env }) => [label, env.QUESTDB_URL])).toEqual([
      ['QuestDB 9.3.2', 'http://127.0.0.1:40001'],
      ['QuestDB 8.1.4', 'http://127.0.0.1:40002'],
    ]);
    for (const { env } of questDb) expect(env.QUESTDB_TABLE).toMatch(/^history_test_[0-9a-f]{8}$/);
  });

  it('gives every call a table apart from the tables of other calls', () => {
    const tables = [historyStores(servers), historyStores(servers)].map((stores) => stores[1].env.QUESTDB_TABLE);
    expect(tables[0]).not.toBe(tables[1]);
  });
});
