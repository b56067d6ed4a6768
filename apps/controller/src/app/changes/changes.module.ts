import { Module } from '@nestjs/common';
import { ChangeEventPublisher } from './change-event.publisher';
import { LifecycleChanges } from './lifecycle-changes';

/** The controller's change events: what each operation changed, and its start and stop. */
@Module({
  providers: [ChangeEventPublisher, LifecycleChanges],
  exports: [ChangeEventPublisher],
})
export class ChangesModule {}
