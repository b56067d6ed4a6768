import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DatastoreDocument, documentKey } from '@eventcast/domain';
import { ControllerConfig } from '../../config/controller.config';
import { Datastore, DatastoreRefusedError, DatastoreUnavailableError } from '../ports/datastore.port';

/** The top-level namespace of every controller service's documents. */
export const CONTROLLER_NAMESPACE = 'controller-service';

const RELOAD_MS = 2000;

/** A document of the controller's namespace, without the namespace. */
export interface OwnDocument {
  id: string;
  [field: string]: unknown;
}

/**
 * The controller datastore: the service's own documents in `controller-service:<SERVICE_ID>`,
 * reached through the datastore REST API. It keeps a copy of them, read at start-up and followed
 * through the datastore's change events, so reads never wait for the datastore. Whenever the
 * datastore is unreachable (at start-up or on a call) it reads them again every 2 s until it
 * answers, and tells its `onLoad` listeners, which catch up.
 */
@Injectable()
export class ControllerStoreService implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly namespace: string;
  private readonly logger = new Logger(ControllerStoreService.name);
  private readonly documents = new Map<string, DatastoreDocument>();
  private readonly loadListeners: Array<() => void> = [];
  private reload?: NodeJS.Timeout;
  private reloading = false;
  private loaded = false;
  private stopped = false;

  constructor(
    @Inject(ControllerConfig) config: ControllerConfig,
    @Inject(Datastore) private readonly datastore: Datastore,
  ) {
    this.namespace = `${CONTROLLER_NAMESPACE}:${config.serviceId}`;
  }

  /**
   * Start-up waits for the first read (one datastore call, which gives up after its timeout), so a
   * restarted controller's first answers carry the blocks' stored meta.
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.load();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    clearTimeout(this.reload);
  }

  /**
   * Calls `listener` after each successful read of all documents (start-up, and after an outage),
   * and at once when one happened before it was given.
   */
  onLoad(listener: () => void): void {
    this.loadListeners.push(listener);
    if (this.loaded) listener();
  }

  /** The document `id` as last known, or undefined. */
  find(id: string): DatastoreDocument | undefined {
    return this.documents.get(id);
  }

  /** Every document as last known. */
  known(): DatastoreDocument[] {
    return [...this.documents.values()];
  }

  /** Every document, read from the datastore now. */
  async fetchAll(): Promise<DatastoreDocument[]> {
    const documents = await this.guarded(() => this.datastore.mget(this.namespace));
    this.replaceKnown(documents);
    return documents;
  }

  /** The document `id`, read from the datastore now. */
  async fetch(id: string): Promise<DatastoreDocument | null> {
    return this.guarded(() => this.datastore.get(this.namespace, id));
  }

  /** Creates or replaces documents of this namespace (given without `namespace`), all or none. */
  async set(documents: OwnDocument[]): Promise<void> {
    const stored = await this.guarded(() =>
      this.datastore.mset(documents.map((document) => ({ ...document, namespace: this.namespace }))),
    );
    for (const document of stored) this.documents.set(document.id, document);
  }

  async delete(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.guarded(() => this.datastore.mdelete(this.namespace, { ids }));
    for (const id of ids) this.documents.delete(id);
  }

  /** Makes `documents` the namespace's only documents. */
  async replaceAll(documents: OwnDocument[]): Promise<void> {
    const kept = new Set(documents.map((document) => document.id));
    const before = await this.fetchAll();
    await this.set(documents);
    await this.delete(before.map((document) => document.id).filter((id) => !kept.has(id)));
  }

  /** Applies a change event of `eventcast/datastore/controller-service` to the known documents. */
  follow(event: unknown): void {
    const { changed, deleted } = (event ?? {}) as { changed?: unknown; deleted?: unknown };
    if (Array.isArray(changed)) {
      for (const document of changed as DatastoreDocument[]) {
        if (document?.namespace === this.namespace && typeof document.id === 'string')
          this.documents.set(document.id, document);
      }
    }
    if (Array.isArray(deleted)) {
      for (const key of deleted) {
        const id =
          typeof key === 'string' && key.startsWith(`${this.namespace}:`)
            ? key.slice(this.namespace.length + 1)
            : undefined;
        if (id !== undefined && !id.includes(':')) this.documents.delete(id);
      }
    }
  }

  private async guarded<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof DatastoreUnavailableError && !this.reloading) this.loadLater(error);
      throw error;
    }
  }

  private async load(): Promise<void> {
    let documents: DatastoreDocument[];
    try {
      documents = await this.datastore.mget(this.namespace);
    } catch (error) {
      this.loadLater(error);
      return;
    }
    if (this.reloading)
      this.logger.log(`the controller datastore answers again: ${documents.length} documents in ${this.namespace}`);
    this.reloading = false;
    this.loaded = true;
    this.replaceKnown(documents);
    for (const listener of this.loadListeners) listener();
  }

  private loadLater(error: unknown): void {
    if (this.stopped) return;
    if (!this.reloading) {
      const state = error instanceof DatastoreRefusedError ? 'refuses the controller' : 'is unreachable';
      this.logger.warn(
        `the controller datastore ${state}; reading ${documentKey(this.namespace, '*')} again every ${RELOAD_MS / 1000} s: ${(error as Error).message}`,
      );
    }
    this.reloading = true;
    clearTimeout(this.reload);
    this.reload = setTimeout(() => void this.load(), RELOAD_MS);
  }

  private replaceKnown(documents: DatastoreDocument[]): void {
    this.documents.clear();
    for (const document of documents) this.documents.set(document.id, document);
  }
}
