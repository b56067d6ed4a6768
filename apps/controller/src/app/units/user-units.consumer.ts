import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { UNITS_NAMESPACE, unitsDocumentIn } from '@eventcast/block-model';
import { datastoreTopic } from '@eventcast/domain';
import { UserUnitsService } from './user-units.service';

/** Follows changes of `svc-global:units` announced by the datastore. */
@Controller()
export class UserUnitsConsumer {
  constructor(private readonly units: UserUnitsService) {}

  @EventPattern(datastoreTopic(UNITS_NAMESPACE), { qos: 1 })
  onDatastoreChange(@Payload() event: unknown): void {
    const document = unitsDocumentIn(event);
    if (document !== undefined) this.units.follow(document);
  }
}
