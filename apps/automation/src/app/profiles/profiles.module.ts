import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module';
import { ProfileRunner } from './profile-runner.service';
import { ProfilesConsumer } from './profiles.consumer';
import { ProfilesController } from './profiles.controller';

/** Fermentation profiles: the runner that applies them, their REST routes and the state events they follow. */
@Module({
  imports: [DocumentsModule],
  controllers: [ProfilesController, ProfilesConsumer],
  providers: [ProfileRunner],
  exports: [ProfileRunner],
})
export class ProfilesModule {}
