import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { datastoreTopic } from '@eventcast/domain';
import { CONTROLLER_NAMESPACE, ControllerStoreService } from './controller-store.service';

/** Follows the datastore's change events of the controller namespaces. */
@Controller()
export class ControllerStoreConsumer {
  constructor(private readonly store: ControllerStoreService) {}

  @EventPattern(datastoreTopic(CONTROLLER_NAMESPACE), { qos: 1 })
  onDatastoreChange(@Payload() event: unknown): void {
    this.store.follow(event);
  }
}
