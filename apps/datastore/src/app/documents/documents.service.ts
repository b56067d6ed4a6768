import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { DatastoreDocument, documentKey } from '@eventcast/domain';
import { EventPublisher } from '@eventcast/messaging';
import { DocumentSelection, DocumentStore, NamespaceCount } from '../ports/document-store.port';
import { MAX_NAMESPACES_PER_CALL } from './document-limits';
import { changeAnnouncements, DatastoreAnnouncement, deleteAnnouncements } from './datastore-events.util';

/** Reads and writes documents, and announces every change on the event bus once it is stored. */
@Injectable()
export class DocumentsService implements OnApplicationShutdown {
  /** Documents read, written and deleted since start-up, for the metrics. */
  readonly stats = { read: 0, written: 0, deleted: 0 };

  constructor(
    @Inject(DocumentStore) private readonly store: DocumentStore,
    private readonly publisher: EventPublisher,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }

  async get(namespace: string, id: string): Promise<DatastoreDocument | null> {
    const document = await this.store.get(namespace, id);
    if (document !== null) this.stats.read += 1;
    return document;
  }

  async find(selection: DocumentSelection): Promise<DatastoreDocument[]> {
    const documents = await this.store.find(selection);
    this.stats.read += documents.length;
    return documents;
  }

  /** The first `MAX_NAMESPACES_PER_CALL` namespaces under `prefix` that hold documents, in order; `truncated` when there are more. */
  async namespaces(prefix = ''): Promise<{ namespaces: NamespaceCount[]; truncated: boolean }> {
    const namespaces = await this.store.namespaces(prefix);
    return {
      namespaces: namespaces.slice(0, MAX_NAMESPACES_PER_CALL),
      truncated: namespaces.length > MAX_NAMESPACES_PER_CALL,
    };
  }

  /** Stores all documents or none; announces those whose content changed. */
  async setAll(documents: DatastoreDocument[]): Promise<DatastoreDocument[]> {
    const changed = await this.store.setAll(documents);
    this.stats.written += documents.length;
    this.announce(changeAnnouncements(changed));
    return documents;
  }

  /** Deletes the selected documents; announces the keys that existed. Returns how many. */
  async deleteAll(selection: DocumentSelection): Promise<number> {
    const deleted = await this.store.deleteAll(selection);
    this.stats.deleted += deleted.length;
    this.announce(deleteAnnouncements(deleted.map((id) => documentKey(selection.namespace, id))));
    return deleted.length;
  }

  /** Published after the write returned; a broker outage is logged and counted by the publisher. */
  private announce(announcements: DatastoreAnnouncement[]): void {
    for (const { topic, event } of announcements) void this.publisher.publish(topic, event, { qos: 1 });
  }
}
