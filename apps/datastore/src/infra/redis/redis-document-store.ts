import { Logger } from '@nestjs/common';
import { createClient, ErrorReply, RESP_TYPES } from 'redis';
import { DatastoreDocument, StoreUnavailableError } from '@eventcast/domain';
import { withoutUserInfoPassword } from '@eventcast/bootstrap';
import { DocumentSelection, DocumentStore, NamespaceCount } from '../../app/ports/document-store.port';
import { lastWriteWins, selectIds, sortedNamespaces, sortIds } from '../stored-document.util';
import { DOCUMENT_SCRIPTS } from './document-scripts';

const CONNECT_TIMEOUT_MS = 2000;
const RECONNECT_CAP_MS = 2000;
/** How long a call waits for Redis's answer before it fails as unavailable. */
const COMMAND_TIMEOUT_MS = 5000;
/** Keys SCAN looks at per step when listing namespaces; each step is one call under the timeout. */
const SCAN_STEP = 1000;
/** Error replies that say Redis cannot serve now (out of memory, a replica, loading, busy), not that the call is wrong. */
const UNAVAILABLE_REPLY = /^(OOM|READONLY|LOADING|BUSY|MASTERDOWN|NOREPLICAS|TRYAGAIN|CLUSTERDOWN)\b/;

function connect(url: string) {
  return createClient({
    url,
    scripts: DOCUMENT_SCRIPTS,
    disableOfflineQueue: true,
    // The client's own command timeout arms an AbortSignal timer per command, which costs a fifth
    // of a `get`; one watchdog over the waiting calls (see `failOverdue`) does the same job.
    commandOptions: { timeout: 0 },
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, RECONNECT_CAP_MS),
    },
  });
}

/** A call waiting for Redis's answer. */
interface WaitingCall {
  since: number;
  fail: (error: Error) => void;
}

/**
 * Documents in Redis, one hash per namespace (`<prefix>ns:<namespace>`, field = id, value = the
 * document's JSON), so reading or deleting a namespace costs what the namespace holds, never a
 * scan of every key. Multi-document writes run as one Lua script, which Redis runs atomically.
 * While Redis is away calls fail at once (no offline queue) and the client reconnects by itself; a
 * call Redis leaves unanswered (a hung server) fails after `commandTimeoutMs`.
 */
export class RedisDocumentStore extends DocumentStore {
  private readonly logger = new Logger(RedisDocumentStore.name);
  private readonly client: ReturnType<typeof connect>;
  /** The URL without its password, for messages and logs. */
  private readonly address: string;
  private lastError = '';
  /** In the order the calls were made, so the oldest comes first. */
  private readonly waiting = new Set<WaitingCall>();
  private readonly watchdog: NodeJS.Timeout;

  constructor(
    url: string,
    private readonly keyPrefix: string,
    private readonly commandTimeoutMs = COMMAND_TIMEOUT_MS,
  ) {
    super();
    this.watchdog = setInterval(() => this.failOverdue(), commandTimeoutMs / 5).unref();
    this.address = withoutUserInfoPassword(url);
    this.client = connect(url);
    this.client.on('error', (error: Error) => this.reportError(error));
    this.client.on('ready', () => {
      if (this.lastError) this.logger.log(`Redis at ${this.address} is reachable again`);
      this.lastError = '';
    });
    this.client.connect().catch((error: Error) => this.reportError(error));
  }

  async get(namespace: string, id: string): Promise<DatastoreDocument | null> {
    const text = await this.call((redis) => redis.hGet(this.hash(namespace), id));
    return text ? parseDocument(text) : null;
  }

  async find(selection: DocumentSelection): Promise<DatastoreDocument[]> {
    const hash = this.hash(selection.namespace);
    if (selection.filter === undefined && selection.ids !== undefined) {
      const ids = [...new Set(selection.ids)];
      if (ids.length === 0) return [];
      const texts = await this.call((redis) => redis.hmGet(hash, ids));
      return texts.filter((text): text is string => typeof text === 'string').map(parseDocument);
    }
    const all = await this.allOf(hash);
    return selectIds(
      selection,
      (id) => all.has(id),
      () => sortIds([...all.keys()]),
    ).map((id) => parseDocument(all.get(id) as string));
  }

  async setAll(documents: DatastoreDocument[]): Promise<DatastoreDocument[]> {
    const unique = lastWriteWins(documents);
    if (unique.length === 0) return [];
    const hashes = unique.map((document) => this.hash(document.namespace));
    const idsAndTexts = unique.flatMap((document) => [document.id, JSON.stringify(document)]);
    const changed = await this.call((redis) => redis.setChanged(hashes, idsAndTexts));
    return changed.map((position) => unique[position - 1]);
  }

  async deleteAll(selection: DocumentSelection): Promise<string[]> {
    if (selection.ids === undefined && selection.filter === undefined) return [];
    const hash = this.hash(selection.namespace);
    let ids = [...new Set(selection.ids)];
    if (selection.filter !== undefined) {
      const existing = await this.call((redis) => redis.hKeys(hash));
      const present = new Set(existing);
      ids = selectIds(
        selection,
        (id) => present.has(id),
        () => sortIds(existing),
      );
    }
    if (ids.length === 0) return [];
    return this.call((redis) => redis.deleteExisting(hash, ids));
  }

  /**
   * SCANs the key space for the namespace hashes under `prefix` (never KEYS, which blocks Redis
   * for the whole walk), then counts each with HLEN. Redis deletes a hash with its last field, so
   * every hash found held documents; one emptied during the call counts 0 and is left out.
   */
  async namespaces(prefix: string): Promise<NamespaceCount[]> {
    const start = this.hash('');
    const match = `${this.hash(prefix).replace(/[*?[\]\\]/g, '\\$&')}*`;
    const names = new Set<string>();
    let cursor = '0';
    do {
      const step = await this.call((redis) => redis.scan(cursor, { MATCH: match, COUNT: SCAN_STEP }));
      for (const key of step.keys) names.add(key.slice(start.length));
      cursor = step.cursor;
    } while (cursor !== '0');
    return sortedNamespaces(
      await Promise.all(
        [...names].map(async (namespace) => ({
          namespace,
          count: await this.call((redis) => redis.hLen(this.hash(namespace))),
        })),
      ),
    );
  }

  async ping(): Promise<void> {
    await this.call((redis) => redis.ping());
  }

  async close(): Promise<void> {
    clearInterval(this.watchdog);
    if (this.client.isOpen) await this.client.close();
  }

  /** Every id and text of a namespace; a Map, because ids such as `__proto__` are valid. */
  private async allOf(hash: string): Promise<Map<string, string>> {
    return (await this.call((redis) => redis.withTypeMapping({ [RESP_TYPES.MAP]: Map }).hGetAll(hash))) as Map<
      string,
      string
    >;
  }

  private hash(namespace: string): string {
    return `${this.keyPrefix}ns:${namespace}`;
  }

  private async call<T>(command: (redis: ReturnType<typeof connect>) => Promise<T>): Promise<T> {
    if (!this.client.isReady)
      throw new StoreUnavailableError(
        `Redis is unreachable at ${this.address}${this.lastError ? `: ${this.lastError}` : ''}`,
      );
    return new Promise<T>((resolve, reject) => {
      const call: WaitingCall = { since: Date.now(), fail: reject };
      this.waiting.add(call);
      command(this.client).then(
        (answer) => {
          this.waiting.delete(call);
          resolve(answer);
        },
        (error: unknown) => {
          this.waiting.delete(call);
          reject(this.asStoreError(error));
        },
      );
    });
  }

  /** Fails the calls that have waited longer than the timeout; their commands may still run later. */
  private failOverdue(): void {
    const overdue = Date.now() - this.commandTimeoutMs;
    for (const call of this.waiting) {
      if (call.since > overdue) break;
      this.waiting.delete(call);
      call.fail(
        new StoreUnavailableError(`Redis at ${this.address} did not answer within ${this.commandTimeoutMs} ms`),
      );
    }
  }

  private asStoreError(error: unknown): unknown {
    if (error instanceof ErrorReply && !UNAVAILABLE_REPLY.test(error.message)) return error;
    const reason = error instanceof ErrorReply ? 'cannot serve' : 'is unreachable';
    return new StoreUnavailableError(`Redis ${reason} at ${this.address}: ${(error as Error).message}`);
  }

  private reportError(error: Error): void {
    const message = error.message || error.name;
    if (message !== this.lastError) this.logger.warn(`Redis at ${this.address}: ${message}`);
    this.lastError = message;
  }
}

function parseDocument(text: string): DatastoreDocument {
  return JSON.parse(text) as DatastoreDocument;
}
