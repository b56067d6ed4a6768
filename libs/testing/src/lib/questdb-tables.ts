/** The answer of QuestDB's `/exec`: column names and rows, or an error. */
interface ExecAnswer {
  columns?: Array<{ name: string }>;
  dataset?: unknown[][];
  error?: string;
}

async function exec(url: string, sql: string): Promise<ExecAnswer> {
  const response = await fetch(`${url}/exec?${new URLSearchParams({ query: sql })}`);
  const answer = (await response.json()) as ExecAnswer;
  if (!response.ok || answer.error !== undefined) throw new Error(`QuestDB at ${url} refused ${sql}: ${answer.error}`);
  return answer;
}

/**
 * Drops the table `table` of the QuestDB server at `url` and the tables and materialized views named
 * `<table>_...` (its rollups): what a test wrote on a server it may share with other data.
 */
export async function dropQuestDbTables(url: string, table: string): Promise<void> {
  const { columns = [], dataset = [] } = await exec(url, 'SELECT * FROM tables()');
  const column = (name: string) => columns.findIndex((candidate) => candidate.name === name);
  // QuestDB 8.x has no materialized views, and no `matView` column to say which is one.
  const [name, view] = [column('table_name'), column('matView')];
  const ours = dataset.filter((row) => row[name] === table || String(row[name]).startsWith(`${table}_`));
  for (const row of ours) {
    await exec(url, `DROP ${view >= 0 && row[view] === true ? 'MATERIALIZED VIEW' : 'TABLE'} IF EXISTS ${row[name]}`);
  }
}
