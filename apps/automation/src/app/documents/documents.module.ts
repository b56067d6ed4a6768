import { Module } from '@nestjs/common';
import { BlockPatcher } from '../blocks/block-patcher.service';
import { AutomationDocumentsConsumer } from './automation-documents.consumer';
import { AutomationDocuments } from './automation-documents.service';

/**
 * The service's rules and profiles as the datastore holds them, and block patches over MQTT. Needs
 * an `AutomationDatastore` (infra/datastore's `AutomationDatastoreModule`) and the `EventPublisher`.
 */
@Module({
  controllers: [AutomationDocumentsConsumer],
  providers: [AutomationDocuments, BlockPatcher],
  exports: [AutomationDocuments, BlockPatcher],
})
export class DocumentsModule {}
