import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ControllerStoreConsumer } from './controller-store.consumer';
import { ControllerStoreService } from './controller-store.service';
import { DatastoreUnavailableFilter } from './datastore-unavailable.filter';

/** The controller datastore; calls that need it and cannot reach it answer 503. */
@Module({
  controllers: [ControllerStoreConsumer],
  providers: [ControllerStoreService, { provide: APP_FILTER, useClass: DatastoreUnavailableFilter }],
  exports: [ControllerStoreService],
})
export class StoreModule {}
