import { Injectable, OnModuleInit } from '@nestjs/common';
import { ServiceMetrics, ServiceReadiness } from '@eventcast/bootstrap';
import { EventPublisher } from '@eventcast/messaging';
import { DocumentStore } from '../ports/document-store.port';
import { DocumentsService } from './documents.service';

const PREFIX = 'eventcast_datastore_';

/**
 * The datastore's metrics and readiness: the change events its publisher has and has not published,
 * read when Prometheus scrapes (its calls by endpoint are `eventcast_http_requests_total{route}`);
 * readiness asks the document store (`ping()`, as the ping route does).
 */
@Injectable()
export class DatastoreTelemetry implements OnModuleInit {
  constructor(
    private readonly metrics: ServiceMetrics,
    private readonly readiness: ServiceReadiness,
    private readonly publisher: EventPublisher,
    private readonly store: DocumentStore,
    private readonly documents: DocumentsService,
  ) {}

  onModuleInit(): void {
    const { publisher, documents } = this;
    for (const kind of ['read', 'written', 'deleted'] as const) {
      this.metrics.counter({
        name: `${PREFIX}documents_${kind}_total`,
        help: `Documents ${kind} through the API (get and mget, set and mset, delete and mdelete).`,
        read: () => documents.stats[kind],
      });
    }
    this.metrics.counter({
      name: `${PREFIX}change_events_published_total`,
      help: 'Change events the broker has taken.',
      read: () => publisher.publishedCount,
    });
    this.metrics.counter({
      name: `${PREFIX}change_events_unpublished_total`,
      help: 'Change events that could not be published (broker away); the change itself stays done.',
      read: () => publisher.unpublishedCount,
    });
    this.readiness.register('store', () => this.store.ping());
  }
}
