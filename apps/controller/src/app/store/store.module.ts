import { Module } from '@nestjs/common';
import { ControllerStoreConsumer } from './controller-store.consumer';
import { ControllerStoreService } from './controller-store.service';

/** The controller datastore; calls that need it and cannot reach it fail with `DatastoreUnavailableError` (503). */
@Module({
  controllers: [ControllerStoreConsumer],
  providers: [ControllerStoreService],
  exports: [ControllerStoreService],
})
export class StoreModule {}
