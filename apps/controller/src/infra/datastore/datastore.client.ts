import {
  ApiResult,
  createDatastoreClient,
  DatastoreApiClient,
  datastoreCallTimeout as timeout,
  DatastoreFailures,
  settleDatastoreCall,
} from '@eventcast/api-client';
import type { DatastoreDocument } from '@eventcast/domain';
import {
  Datastore,
  DatastoreRefusedError,
  DatastoreUnavailableError,
  DocumentSelection,
} from '../../app/ports/datastore.port';

/**
 * The datastore service's REST API (`<DATASTORE_URL>/history/datastore/...`), as the controller
 * uses it for its own documents, through the client generated from the datastore's OpenAPI
 * document. Never Redis directly.
 */
export class DatastoreClient extends Datastore {
  private readonly base: string;
  private readonly api: DatastoreApiClient;
  private readonly failures: DatastoreFailures;

  /** `token`: the datastore's API token, when it has one. */
  constructor(datastoreUrl: string, token?: string) {
    super();
    const tokenFix =
      token === undefined
        ? "set DATASTORE_API_TOKEN (or DATASTORE_API_TOKEN_FILE) to the datastore's API_TOKEN"
        : "DATASTORE_API_TOKEN is not the datastore's API_TOKEN";
    this.failures = {
      unavailable: (message) => new DatastoreUnavailableError(message),
      refused: (message) => new DatastoreRefusedError(message),
      tokenOf: "the controller's",
      tokenFix,
    };
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

  private settle<T>(route: string, call: () => Promise<ApiResult<T>>): Promise<T> {
    return settleDatastoreCall(this.base, route, call, this.failures);
  }
}
