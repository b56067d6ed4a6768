import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Subscription } from 'rxjs';
import { TimeSeriesStore } from '@eventcast/time-series-store';
import { HistoryWriter } from '../ingest/history-writer.service';
import { FieldCatalogue, FieldListing } from './field-catalogue';

/**
 * The catalogue of field names `/fields` answers from: loaded from the store at start (every field
 * with its latest time) and kept up to date with each batch the writer stores, so a listing never
 * reads the store. While the store cannot be read at start, a listing tries the load again and
 * rejects as a store that cannot answer does.
 */
@Injectable()
export class KnownFields implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(KnownFields.name);
  private readonly catalogue = new FieldCatalogue();
  private loading?: Promise<void>;
  private written?: Subscription;

  constructor(
    private readonly store: TimeSeriesStore,
    private readonly writer: HistoryWriter,
  ) {}

  onModuleInit(): void {
    this.written = this.writer.written$.subscribe(({ events }) => {
      for (const { ts, values } of events) for (const field of values.keys()) this.catalogue.note(field, ts);
    });
    this.loaded().catch((error: unknown) =>
      this.logger.warn(`could not load the field names yet (the next listing tries again): ${String(error)}`),
    );
  }

  onModuleDestroy(): void {
    this.written?.unsubscribe();
  }

  /** The names the listing asks for, sorted. */
  async list(listing: FieldListing): Promise<string[]> {
    await this.loaded();
    return this.catalogue.list(listing);
  }

  private loaded(): Promise<void> {
    this.loading ??= this.load().catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }

  private async load(): Promise<void> {
    const started = performance.now();
    const fields = await this.store.fieldTimes();
    for (const { field, ts } of fields) this.catalogue.note(field, ts);
    this.logger.log(
      `loaded ${fields.length} field names from the store in ${Math.round(performance.now() - started)} ms`,
    );
  }
}
