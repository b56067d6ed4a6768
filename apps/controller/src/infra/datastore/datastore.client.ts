import type { DatastoreDocument } from '@eventcast/domain';

/** Raised when the datastore service cannot be reached or answers 5xx; callers answer 503. */
export class DatastoreUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = DatastoreUnavailableError.name;
  }
}

/** Which documents of one namespace a call is about. */
export interface DocumentSelection {
  ids?: string[];
  filter?: string;
}

const CALL_TIMEOUT_MS = 3000;

/**
 * The datastore service's REST API (`<DATASTORE_URL>/history/datastore/...`), as the controller
 * uses it for its own documents. Never Redis directly.
 */
export class DatastoreClient {
  private readonly base: string;

  constructor(datastoreUrl: string) {
    this.base = `${datastoreUrl.replace(/\/+$/, '')}/history/datastore`;
  }

  async get(namespace: string, id: string): Promise<DatastoreDocument | null> {
    return (await this.call<{ value: DatastoreDocument | null }>('get', { namespace, id })).value;
  }

  async mget(namespace: string, selection: DocumentSelection = {}): Promise<DatastoreDocument[]> {
    return (await this.call<{ values: DatastoreDocument[] }>('mget', { namespace, ...selection })).values;
  }

  async mset(values: DatastoreDocument[]): Promise<DatastoreDocument[]> {
    if (values.length === 0) return [];
    return (await this.call<{ values: DatastoreDocument[] }>('mset', { values })).values;
  }

  async mdelete(namespace: string, selection: DocumentSelection): Promise<number> {
    return (await this.call<{ count: number }>('mdelete', { namespace, ...selection })).count;
  }

  private async call<T>(route: string, body: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.base}/${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (error) {
      throw new DatastoreUnavailableError(`the datastore at ${this.base} is unreachable: ${(error as Error).message}`);
    }
    const answer = (await response.json().catch(() => ({}))) as T & { message?: unknown };
    if (response.status >= 500) {
      throw new DatastoreUnavailableError(`the datastore at ${this.base} answered ${response.status}: ${String(answer.message ?? '')}`);
    }
    if (!response.ok) throw new Error(`the datastore refused ${route} (${response.status}): ${JSON.stringify(answer.message)}`);
    return answer;
  }
}
