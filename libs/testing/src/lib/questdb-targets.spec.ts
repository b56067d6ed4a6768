import { historyStoresIn, questDbTargets } from './questdb-targets';

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

describe(historyStoresIn.name, () => {
  it('runs the history service on DuckDB and on each QuestDB server, in the given table there', () => {
    expect(
      historyStoresIn('history_test_0123abcd', {
        QUESTDB_URLS: '9.3.2=http://127.0.0.1:40001,8.1.4=http://127.0.0.1:40002',
      }),
    ).toEqual([
      { label: 'DuckDB', env: {} },
      {
        label: 'QuestDB 9.3.2',
        env: { QUESTDB_URL: 'http://127.0.0.1:40001', QUESTDB_TABLE: 'history_test_0123abcd' },
      },
      {
        label: 'QuestDB 8.1.4',
        env: { QUESTDB_URL: 'http://127.0.0.1:40002', QUESTDB_TABLE: 'history_test_0123abcd' },
      },
    ]);
  });
});
