import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PROFILES_NAMESPACE, RULES_NAMESPACE } from '@eventcast/automation-model';
import {
  BadRequestError,
  type DatastoreDocument,
  type DatastoreEvent,
  datastoreEventOf,
  splitDocumentKey,
} from '@eventcast/domain';
import { AutomationDatastore, DatastoreUnavailableError } from './automation-datastore.port';

/** The namespaces the service keeps a live view of: its rules and its profiles. */
/** How long a route waits for the first read of the documents before it answers 503. */
const READ_WAIT_MS = 5000;

export const FOLLOWED_NAMESPACES: readonly string[] = [RULES_NAMESPACE, PROFILES_NAMESPACE];

/** Told of every document that appears or changes (with it) or goes (with undefined). */
export type DocumentListener = (namespace: string, id: string, document: DatastoreDocument | undefined) => void;

const RELOAD_MS = 2000;

/**
 * The automation service's live view of its documents in the datastore (`svc-automation:rules`
 * and `svc-automation:profiles`): read at start-up, again every 2 s until the datastore answers,
 * then followed through the datastore's change events. Events that arrive while a read is under
 * way are applied after it, in order, so none is lost to the read (they are whole documents or
 * deletions, so one that the read already holds changes nothing).
 */
@Injectable()
export class AutomationDocuments implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AutomationDocuments.name);
  private readonly views = new Map(
    FOLLOWED_NAMESPACES.map((namespace) => [namespace, new Map<string, DatastoreDocument>()]),
  );
  private readonly listeners = new Set<DocumentListener>();
  /** Events held back while a read is under way; undefined when none is. */
  private heldBack?: DatastoreEvent[];
  private readonly loaded: Promise<void>;
  private markLoaded!: () => void;
  private reload?: NodeJS.Timeout;
  private unreachable = false;
  private stopped = false;

  constructor(@Inject(AutomationDatastore) private readonly datastore: AutomationDatastore) {
    this.loaded = new Promise((resolve) => (this.markLoaded = resolve));
  }

  onApplicationBootstrap(): void {
    void this.resync();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    clearTimeout(this.reload);
  }

  /** Resolves once the documents have been read from the datastore the first time. */
  ready(): Promise<void> {
    return this.loaded;
  }

  /**
   * Resolves once the documents have been read, or rejects with `DatastoreUnavailableError` after
   * `waitMs`: what a route that answers from them waits for, so a call at start-up sees them.
   */
  async readWithin(waitMs = READ_WAIT_MS): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new DatastoreUnavailableError('the rules and profiles are not read yet: the datastore has not answered'),
          ),
        waitMs,
      );
    });
    try {
      await Promise.race([this.loaded, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The document `id` of `namespace` once the documents are read; when the view lacks it, read
   * again from the datastore first, since its change event may not have come yet (a document
   * written just before this service subscribed, or while the broker was away).
   */
  async findFresh(namespace: string, id: string): Promise<DatastoreDocument | undefined> {
    await this.readWithin();
    if (this.find(namespace, id) === undefined) await this.resync();
    return this.find(namespace, id);
  }

  /** The documents of `namespace` (one of `FOLLOWED_NAMESPACES`) as last known; none for another. */
  documents(namespace: string): readonly DatastoreDocument[] {
    return [...(this.views.get(namespace)?.values() ?? [])];
  }

  /** The document `id` of `namespace` as last known, or undefined. */
  find(namespace: string, id: string): DatastoreDocument | undefined {
    return this.views.get(namespace)?.get(id);
  }

  /**
   * Calls `listener` for every document that appears, changes or goes, those of the first read
   * included; returns what stops it.
   */
  onChange(listener: DocumentListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Creates or replaces `document` in the datastore and returns it as stored. */
  async save(document: DatastoreDocument): Promise<DatastoreDocument> {
    this.checkFollowed(document.namespace);
    const [stored] = await this.datastore.mset([document]);
    this.apply(stored.namespace, stored.id, stored);
    return stored;
  }

  /** Deletes the document `id` of `namespace` from the datastore; whether it existed. */
  async remove(namespace: string, id: string): Promise<boolean> {
    this.checkFollowed(namespace);
    const count = await this.datastore.mdelete(namespace, [id]);
    this.apply(namespace, id, undefined);
    return count > 0;
  }

  /** Applies a change event of `eventcast/datastore/svc-automation`; anything else is logged and dropped. */
  follow(payload: unknown): void {
    const event = datastoreEventOf(payload);
    if (event === undefined) {
      this.logger.warn(`dropped a datastore event that is not one: ${JSON.stringify(payload)?.slice(0, 200)}`);
      return;
    }
    if (this.heldBack) this.heldBack.push(event);
    else this.applyEvent(event);
  }

  /**
   * Reads every followed namespace from the datastore and makes the view what it holds, telling
   * the listeners what differs; until the datastore answers, tries again every 2 s. For when
   * change events may have been missed: at start-up, and after the broker was away.
   */
  async resync(): Promise<void> {
    this.heldBack ??= [];
    let read: Array<[string, DatastoreDocument[]]>;
    try {
      read = await Promise.all(
        FOLLOWED_NAMESPACES.map(
          async (namespace) => [namespace, await this.datastore.mget(namespace)] as [string, DatastoreDocument[]],
        ),
      );
    } catch (error) {
      this.resyncLater(error);
      return;
    }
    if (this.unreachable) this.logger.log('the datastore answers again; the rules and profiles are read');
    this.unreachable = false;
    for (const [namespace, documents] of read) this.replace(namespace, documents);
    const held = this.heldBack ?? [];
    this.heldBack = undefined;
    for (const event of held) this.applyEvent(event);
    this.markLoaded();
  }

  private resyncLater(error: unknown): void {
    if (this.stopped) return;
    if (!this.unreachable)
      this.logger.warn(
        `the datastore is unreachable; reading the rules and profiles again every ${RELOAD_MS / 1000} s: ${(error as Error).message}`,
      );
    this.unreachable = true;
    clearTimeout(this.reload);
    this.reload = setTimeout(() => void this.resync(), RELOAD_MS);
  }

  private replace(namespace: string, documents: DatastoreDocument[]): void {
    const read = new Map(documents.map((document) => [document.id, document]));
    for (const id of this.views.get(namespace)?.keys() ?? []) if (!read.has(id)) this.apply(namespace, id, undefined);
    for (const [id, document] of read) this.apply(namespace, id, document);
  }

  private applyEvent(event: DatastoreEvent): void {
    if ('changed' in event) {
      for (const document of event.changed) this.apply(document.namespace, document.id, document);
      return;
    }
    for (const key of event.deleted) {
      const { namespace, id } = splitDocumentKey(key);
      this.apply(namespace, id, undefined);
    }
  }

  private apply(namespace: string, id: string, document: DatastoreDocument | undefined): void {
    const view = this.views.get(namespace);
    if (!view) return;
    const known = view.get(id);
    if (document === undefined ? known === undefined : JSON.stringify(known) === JSON.stringify(document)) return;
    if (document === undefined) view.delete(id);
    else view.set(id, document);
    for (const listener of this.listeners) {
      try {
        listener(namespace, id, document);
      } catch (error) {
        this.logger.error(`a listener failed on ${namespace}:${id}: ${(error as Error).stack ?? String(error)}`);
      }
    }
  }

  private checkFollowed(namespace: string): void {
    if (!this.views.has(namespace))
      throw new BadRequestError(`namespace must be one of ${FOLLOWED_NAMESPACES.join(', ')}, not ${namespace}`);
  }
}
