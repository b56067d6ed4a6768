import { createDatastoreClient, DatastoreApiClient } from '@eventcast/api-client';
import type { DatastoreDocument } from '@eventcast/domain';
import {
  Datastore,
  DatastoreRefusedError,
  DatastoreUnavailableError,
  DocumentSelection,
} from '../../app/ports/datastore.port';

/** What a call of the generated client settles with. */
interface ApiResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

const CALL_TIMEOUT_MS = 3000;
/** What the datastore answers a request without its token, or with another. */
const REFUSED_STATUSES = [401, 403];

/**
 * The datastore service's REST API (`<DATASTORE_URL>/history/datastore/...`), as the controller
 * uses it for its own documents, through the client generated from the datastore's OpenAPI
 * document. Never Redis directly.
 */
export class DatastoreClient extends Datastore {
  private readonly base: string;
  private readonly api: DatastoreApiClient;
  private readonly tokenFix: string;

  /** `token`: the datastore's API token, when it has one. */
  constructor(datastoreUrl: string, token?: string) {
    super();
    this.tokenFix =
      token === undefined
        ? "set DATASTORE_API_TOKEN (or DATASTORE_API_TOKEN_FILE) to the datastore's API_TOKEN"
        : "DATASTORE_API_TOKEN is not the datastore's API_TOKEN";
    this.api = createDatastoreClient(datastoreUrl, { token });
    this.base = `${datastoreUrl.replace(/\/+$/, '')}/history/datastore`;
  }

  async get(namespace: string, id: string): Promise<DatastoreDocument | null> {
    return (await this.settle('get', () => this.api.POST('/get', { body: { namespace, id }, signal: timeout() })))
      .value;
  }

  async mget(namespace: string, selection: DocumentSelection = {}): Promise<DatastoreDocument[]> {
    return (
      await this.settle('mget', () => this.api.POST('/mget', { body: { namespace, ...selection }, signal: timeout() }))
    ).values;
  }

  async mset(values: DatastoreDocument[]): Promise<DatastoreDocument[]> {
    if (values.length === 0) return [];
    return (await this.settle('mset', () => this.api.POST('/mset', { body: { values }, signal: timeout() }))).values;
  }

  async mdelete(namespace: string, selection: DocumentSelection): Promise<number> {
    return (
      await this.settle('mdelete', () =>
        this.api.POST('/mdelete', { body: { namespace, ...selection }, signal: timeout() }),
      )
    ).count;
  }

  async check(): Promise<void> {
    await this.settle('ping', () => this.api.GET('/ping', { signal: timeout() }));
    // The ping is open to all; an mget of no ids reads nothing but needs the token.
    await this.mget('svc-global', { ids: [] });
  }

  private async settle<T>(route: string, call: () => Promise<ApiResult<T>>): Promise<T> {
    let result: ApiResult<T>;
    try {
      result = await call();
    } catch (error) {
      throw new DatastoreUnavailableError(`the datastore at ${this.base} is unreachable: ${(error as Error).message}`);
    }
    const { data, error, response } = result;
    const message = (error as { message?: unknown } | undefined)?.message;
    if (REFUSED_STATUSES.includes(response.status)) {
      throw new DatastoreRefusedError(
        `the datastore at ${this.base} refused the controller's token (${response.status} to ${route}): ${this.tokenFix}`,
      );
    }
    if (response.status >= 500) {
      throw new DatastoreUnavailableError(
        `the datastore at ${this.base} answered ${response.status}: ${String(message ?? '')}`,
      );
    }
    if (!response.ok || data === undefined)
      throw new Error(`the datastore refused ${route} (${response.status}): ${JSON.stringify(message)}`);
    return data;
  }
}

function timeout(): AbortSignal {
  return AbortSignal.timeout(CALL_TIMEOUT_MS);
}
