import { Logger } from '@nestjs/common';
import type { DatastoreDocument } from '@eventcast/domain';
import { createClient, ErrorReply, RedisClientType, RESP_TYPES } from 'redis';
import { DocumentSelection, DocumentStore, StoreUnavailableError } from '../document-store.port';
import { lastWriteWins, selectIds, sortIds } from '../stored-document.util';

/** Stores every document given whose text differs from the stored one; returns their positions (1-based). */
const SET_CHANGED = `
local changed = {}
for i = 1, #KEYS do
  local id, value = ARGV[2 * i - 1], ARGV[2 * i]
  if redis.call('HGET', KEYS[i], id) ~= value then
    redis.call('HSET', KEYS[i], id, value)
    changed[#changed + 1] = i
  end
end
return changed`;

/** Deletes the given ids from one namespace's hash; returns those that existed. */
const DELETE_EXISTING = `
local deleted = {}
for i = 1, #ARGV do
  if redis.call('HDEL', KEYS[1], ARGV[i]) == 1 then deleted[#deleted + 1] = ARGV[i] end
end
return deleted`;

const RECONNECT_CAP_MS = 2000;

/**
 * Documents in Redis, one hash per namespace (`<prefix>ns:<namespace>`, field = id, value = the
 * document's JSON), so reading or deleting a namespace costs what the namespace holds, never a
 * scan of every key. Multi-document writes run as one Lua script, which Redis runs atomically.
 * While Redis is away calls fail at once (no offline queue) and the client reconnects by itself.
 */
export class RedisDocumentStore extends DocumentStore {
  private readonly logger = new Logger(RedisDocumentStore.name);
  private readonly client: RedisClientType;
  private lastError = '';

  constructor(
    private readonly url: string,
    private readonly keyPrefix = 'eventcast:datastore:',
  ) {
    super();
    this.client = createClient({
      url,
      disableOfflineQueue: true,
      socket: { connectTimeout: 2000, reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, RECONNECT_CAP_MS) },
    });
    this.client.on('error', (error: Error) => this.reportError(error));
    this.client.on('ready', () => {
      if (this.lastError) this.logger.log(`Redis at ${this.url} is reachable again`);
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
    return selectIds(selection, (id) => all.has(id), () => sortIds([...all.keys()])).map((id) => parseDocument(all.get(id) as string));
  }

  async setAll(documents: DatastoreDocument[]): Promise<DatastoreDocument[]> {
    const unique = lastWriteWins(documents);
    if (unique.length === 0) return [];
    const changed = (await this.call((redis) =>
      redis.eval(SET_CHANGED, {
        keys: unique.map((document) => this.hash(document.namespace)),
        arguments: unique.flatMap((document) => [document.id, JSON.stringify(document)]),
      }),
    )) as number[];
    return changed.map((position) => unique[position - 1]);
  }

  async deleteAll(selection: DocumentSelection): Promise<string[]> {
    if (selection.ids === undefined && selection.filter === undefined) return [];
    const hash = this.hash(selection.namespace);
    let ids = [...new Set(selection.ids)];
    if (selection.filter !== undefined) {
      const existing = await this.call((redis) => redis.hKeys(hash));
      const present = new Set(existing);
      ids = selectIds(selection, (id) => present.has(id), () => sortIds(existing));
    }
    if (ids.length === 0) return [];
    return (await this.call((redis) => redis.eval(DELETE_EXISTING, { keys: [hash], arguments: ids }))) as string[];
  }

  async ping(): Promise<void> {
    await this.call((redis) => redis.ping());
  }

  async close(): Promise<void> {
    if (this.client.isOpen) await this.client.close();
  }

  /** Every id and text of a namespace; a Map, because ids such as `__proto__` are valid. */
  private async allOf(hash: string): Promise<Map<string, string>> {
    return (await this.call((redis) => redis.withTypeMapping({ [RESP_TYPES.MAP]: Map }).hGetAll(hash))) as Map<string, string>;
  }

  private hash(namespace: string): string {
    return `${this.keyPrefix}ns:${namespace}`;
  }

  private async call<T>(command: (redis: RedisClientType) => Promise<T>): Promise<T> {
    if (!this.client.isReady) throw new StoreUnavailableError(`Redis is unreachable at ${this.url}${this.lastError ? `: ${this.lastError}` : ''}`);
    try {
      return await command(this.client);
    } catch (error) {
      if (error instanceof ErrorReply) throw error;
      throw new StoreUnavailableError(`Redis is unreachable at ${this.url}: ${(error as Error).message}`);
    }
  }

  private reportError(error: Error): void {
    const message = error.message || error.name;
    if (message !== this.lastError) this.logger.warn(`Redis at ${this.url}: ${message}`);
    this.lastError = message;
  }
}

function parseDocument(text: string): DatastoreDocument {
  return JSON.parse(text) as DatastoreDocument;
}
