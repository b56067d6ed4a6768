import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Subscription } from 'rxjs';
import { HistoryWriter } from '../ingest/history-writer.service';
import { BusRelay } from '../live/bus-relay';
import { annotationDto } from './annotations.service';
import type { AnnotationDto } from './dto/annotation.dto';

/**
 * The annotations this service stores, passed on to the listeners once the store has them, as
 * `GET /history/annotations` lists them. They come from the writer, not straight from the broker,
 * so the relay always follows: a broker outage delays them, it does not lose them.
 */
@Injectable()
export class StoredAnnotations extends BusRelay<AnnotationDto> implements OnModuleInit, OnModuleDestroy {
  private written?: Subscription;

  constructor(private readonly writer: HistoryWriter) {
    super();
    this.followed();
  }

  onModuleInit(): void {
    this.written = this.writer.written$.subscribe(({ events }) => {
      for (const { annotation } of events) if (annotation) this.relay(annotationDto(annotation));
    });
  }

  onModuleDestroy(): void {
    this.written?.unsubscribe();
  }
}
