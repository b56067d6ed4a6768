/** The answer of QuestDB's `/exec` to a query: column names and rows, or `ddl: "OK"`. */
interface ExecAnswer {
  columns?: Array<{ name: string; type: string }>;
  dataset?: unknown[][];
  error?: string;
}

/**
 * QuestDB refused the lines themselves (a 4xx answer to `/write`): the batch is at fault. A 5xx
 * answer (QuestDB's disk full, say) or no answer is the server's, and rejects with a plain error.
 */
export class LinesRefusedError extends Error {}

/** QuestDB's answer to a refused `/write`. */
interface WriteAnswer {
  message?: string;
}

const QUERY_TIMEOUT_MS = 10_000;
/** A batch of 100,000 lines takes QuestDB about 0.2 s; a write that takes this long has stalled. */
const WRITE_TIMEOUT_MS = 30_000;

/** Runs SQL over QuestDB's HTTP `/exec` endpoint and sends line protocol text to `/write`. */
export class QuestDbHttpClient {
  constructor(private readonly baseUrl: string) {}

  /** The rows of `sql`; rejects with QuestDB's own message, or with the reason it cannot be reached. */
  async exec(sql: string): Promise<unknown[][]> {
    const response = await this.request(`/exec?${new URLSearchParams({ query: sql })}`, {
      signal: AbortSignal.timeout(QUERY_TIMEOUT_MS),
    });
    const answer = (await response.json().catch(() => ({}))) as ExecAnswer;
    if (!response.ok || answer.error !== undefined) {
      throw new Error(`QuestDB answered ${response.status}: ${answer.error ?? response.statusText}`);
    }
    return answer.dataset ?? [];
  }

  /**
   * Sends InfluxDB line protocol text in one request; QuestDB takes all of its lines or none.
   * Resolves once QuestDB has committed them (it answers 204).
   */
  async write(lines: string): Promise<void> {
    const response = await this.request('/write', {
      method: 'POST',
      body: lines,
      signal: AbortSignal.timeout(WRITE_TIMEOUT_MS),
    });
    if (response.status === 204) return;
    const answer = (await response.json().catch(() => ({}))) as WriteAnswer;
    const message = `QuestDB refused the write (${response.status}): ${answer.message ?? response.statusText}`;
    throw response.status < 500 ? new LinesRefusedError(message) : new Error(message);
  }

  private async request(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${this.baseUrl}${path}`, init);
    } catch (error) {
      throw new Error(`QuestDB at ${this.baseUrl} is unreachable: ${describe(error)}`);
    }
  }
}

/** `fetch failed: ECONNREFUSED`: fetch puts the reason in `cause`. */
function describe(error: unknown): string {
  const { message, cause } = (error ?? {}) as { message?: string; cause?: { code?: string; message?: string } };
  return [message ?? String(error), cause?.code ?? cause?.message].filter(Boolean).join(': ');
}
