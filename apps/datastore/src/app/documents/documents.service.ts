import { Inject, Injectable, OnApplicationShutdown, PayloadTooLargeException } from '@nestjs/common';
import { DatastoreDocument, documentKey } from '@eventcast/domain';
import { EventPublisher } from '@eventcast/messaging';
import { DocumentSelection, DocumentStore } from '../../infra/document-store.port';
import { changeAnnouncements, DatastoreAnnouncement, deleteAnnouncements } from './datastore-events.util';
import { MAX_DOCUMENT_BYTES } from './document-limits';

/** Reads and writes documents, and announces every change on the event bus once it is stored. */
@Injectable()
export class DocumentsService implements OnApplicationShutdown {
  constructor(
    @Inject(DocumentStore) private readonly store: DocumentStore,
    private readonly publisher: EventPublisher,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }

  get(namespace: string, id: string): Promise<DatastoreDocument | null> {
    return this.store.get(namespace, id);
  }

  find(selection: DocumentSelection): Promise<DatastoreDocument[]> {
    return this.store.find(selection);
  }

  /** Stores all documents or none; announces those whose content changed. */
  async setAll(documents: DatastoreDocument[]): Promise<DatastoreDocument[]> {
    this.refuseOversized(documents);
    const changed = await this.store.setAll(documents);
    this.announce(changeAnnouncements(changed));
    return documents;
  }

  /** Deletes the selected documents; announces the keys that existed. Returns how many. */
  async deleteAll(selection: DocumentSelection): Promise<number> {
    const deleted = await this.store.deleteAll(selection);
    this.announce(deleteAnnouncements(deleted.map((id) => documentKey(selection.namespace, id))));
    return deleted.length;
  }

  private refuseOversized(documents: DatastoreDocument[]): void {
    const oversized = documents.filter((document) => Buffer.byteLength(JSON.stringify(document)) > MAX_DOCUMENT_BYTES);
    if (oversized.length > 0) {
      const keys = oversized.map((document) => documentKey(document.namespace, document.id)).join(', ');
      throw new PayloadTooLargeException(`documents larger than ${MAX_DOCUMENT_BYTES} bytes as JSON: ${keys}; nothing was written`);
    }
  }

  /** Published after the write returned; a broker outage is logged and counted by the publisher. */
  private announce(announcements: DatastoreAnnouncement[]): void {
    for (const { topic, event } of announcements) void this.publisher.publish(topic, event, { qos: 1 });
  }
}
