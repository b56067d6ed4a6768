import { DynamicModule, Module } from '@nestjs/common';
import { historySubscription } from '@eventcast/domain';
import { ingestConsumerOn } from './ingest.consumer';
import { IngestModule } from './ingest.module';

/** The subscription that feeds the ingest: every history topic, or the shared subscription of `shareGroup`. */
@Module({})
export class IngestConsumerModule {
  static forRoot(shareGroup?: string): DynamicModule {
    return {
      module: IngestConsumerModule,
      imports: [IngestModule],
      controllers: [ingestConsumerOn(historySubscription(shareGroup))],
    };
  }
}
