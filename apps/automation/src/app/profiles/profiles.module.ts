import { Module } from '@nestjs/common';
import { ControllerViewsModule } from '../controller-views/controller-views.module';
import { DocumentsModule } from '../documents/documents.module';
import { ProfileDocumentsController } from './profile-documents.controller';
import { ProfileDocuments } from './profile-documents.service';
import { ProfileRunner } from './profile-runner.service';
import { ProfilesConsumer } from './profiles.consumer';
import { ProfilesController } from './profiles.controller';

/** Fermentation profiles: their documents, the runner that applies them, their REST routes and the state events they follow. */
@Module({
  imports: [ControllerViewsModule, DocumentsModule],
  controllers: [ProfilesController, ProfileDocumentsController, ProfilesConsumer],
  providers: [ProfileRunner, ProfileDocuments],
  exports: [ProfileRunner],
})
export class ProfilesModule {}
