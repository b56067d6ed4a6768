import {
  ApiResult,
  createDatastoreClient,
  DatastoreApiClient,
  datastoreCallTimeout as timeout,
  DatastoreFailures,
  settleDatastoreCall,
} from '@eventcast/api-client';
import type { DatastoreDocument } from '@eventcast/domain';
import { AutomationDatastore, DatastoreUnavailableError } from '../../app/documents/automation-datastore.port';

const FAILURES: DatastoreFailures = {
  unavailable: (message) => new DatastoreUnavailableError(message),
  refused: (message) => new DatastoreUnavailableError(message),
  tokenOf: "the automation service's",
  tokenFix: 'set DATASTORE_API_TOKEN to its API_TOKEN',
};

/**
 * The datastore service's REST API (`<DATASTORE_URL>/history/datastore/...`) as the automation
 * service uses it for its documents, through the client generated from the datastore's OpenAPI
 * document.
 */
export class AutomationDatastoreClient extends AutomationDatastore {
  private readonly base: string;
  private readonly api: DatastoreApiClient;

  /** `token`: the datastore's API token (`DATASTORE_API_TOKEN`), when it has one. */
  constructor(datastoreUrl: string, token?: string) {
    super();
    this.api = createDatastoreClient(datastoreUrl, { token });
    this.base = `${datastoreUrl.replace(/\/+$/, '')}/history/datastore`;
  }

  async mget(namespace: string): Promise<DatastoreDocument[]> {
    return (await this.settle('mget', () => this.api.POST('/mget', { body: { namespace }, signal: timeout() }))).values;
  }

  async mset(values: DatastoreDocument[]): Promise<DatastoreDocument[]> {
    return (await this.settle('mset', () => this.api.POST('/mset', { body: { values }, signal: timeout() }))).values;
  }

  async mdelete(namespace: string, ids: string[]): Promise<number> {
    return (
      await this.settle('mdelete', () => this.api.POST('/mdelete', { body: { namespace, ids }, signal: timeout() }))
    ).count;
  }

  private settle<T>(route: string, call: () => Promise<ApiResult<T>>): Promise<T> {
    return settleDatastoreCall(this.base, route, call, FAILURES);
  }
}
