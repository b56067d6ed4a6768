import { Module } from '@nestjs/common';
import { UserUnitsConsumer } from './user-units.consumer';
import { UserUnitsService } from './user-units.service';

/** The user's unit preferences; needs a `Datastore` provider from its importer. */
@Module({
  controllers: [UserUnitsConsumer],
  providers: [UserUnitsService],
  exports: [UserUnitsService],
})
export class UnitsModule {}
