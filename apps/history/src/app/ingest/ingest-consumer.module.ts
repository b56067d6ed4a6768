import { DynamicModule, Module } from '@nestjs/common';
import { changesSubscription, historySubscription } from '@eventcast/domain';
import { ingestConsumerOn } from './ingest.consumer';
import { IngestModule } from './ingest.module';

/** The subscriptions that feed the ingest: every history topic and every change topic, or their shared subscriptions of `shareGroup`. */
@Module({})
export class IngestConsumerModule {
  static forRoot(shareGroup?: string): DynamicModule {
    return {
      module: IngestConsumerModule,
      imports: [IngestModule],
      controllers: [ingestConsumerOn(historySubscription(shareGroup), changesSubscription(shareGroup))],
    };
  }
}
