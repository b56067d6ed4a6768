/** The answer of QuestDB's `/exec` to a query: column names and rows, or `ddl: "OK"`. */
interface ExecAnswer {
  columns?: Array<{ name: string; type: string }>;
  dataset?: unknown[][];
  error?: string;
}

const REQUEST_TIMEOUT_MS = 10_000;

/** Runs SQL over QuestDB's HTTP `/exec` endpoint. */
export class QuestDbHttpClient {
  constructor(private readonly baseUrl: string) {}

  /** The rows of `sql`; rejects with QuestDB's own message, or with the reason it cannot be reached. */
  async exec(sql: string): Promise<unknown[][]> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}/exec?${new URLSearchParams({ query: sql })}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      throw new Error(`QuestDB at ${this.baseUrl} is unreachable: ${describe(error)}`);
    }
    const answer = (await response.json().catch(() => ({}))) as ExecAnswer;
    if (!response.ok || answer.error !== undefined) {
      throw new Error(`QuestDB answered ${response.status}: ${answer.error ?? response.statusText}`);
    }
    return answer.dataset ?? [];
  }
}

/** `fetch failed: ECONNREFUSED`: fetch puts the reason in `cause`. */
function describe(error: unknown): string {
  const { message, cause } = (error ?? {}) as { message?: string; cause?: { code?: string; message?: string } };
  return [message ?? String(error), cause?.code ?? cause?.message].filter(Boolean).join(': ');
}
