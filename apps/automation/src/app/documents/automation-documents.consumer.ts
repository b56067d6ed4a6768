import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { AUTOMATION_NAMESPACE } from '@eventcast/automation-model';
import { datastoreTopic } from '@eventcast/domain';
import { AutomationDocuments } from './automation-documents.service';

/** Follows the datastore's change events of `svc-automation`. */
@Controller()
export class AutomationDocumentsConsumer {
  constructor(private readonly documents: AutomationDocuments) {}

  @EventPattern(datastoreTopic(AUTOMATION_NAMESPACE), { qos: 1 })
  onDatastoreChange(@Payload() event: unknown): void {
    this.documents.follow(event);
  }
}
