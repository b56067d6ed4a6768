import { Module } from '@nestjs/common';
import { ControllerStatesModule } from '../controller-states/controller-states.module';
import { IngestModule } from '../ingest/ingest.module';
import { AnnotationsController } from './annotations.controller';
import { AnnotationsGateway } from './annotations.gateway';
import { AnnotationsService } from './annotations.service';
import { ControllerOffline } from './controller-offline';
import { StoredAnnotations } from './stored-annotations';

/** `/history/annotations` and its stream: the controllers' changes, their going offline, and users' notes beside the values. */
@Module({
  imports: [IngestModule, ControllerStatesModule],
  controllers: [AnnotationsController],
  providers: [AnnotationsService, ControllerOffline, StoredAnnotations, AnnotationsGateway],
  exports: [StoredAnnotations],
})
export class AnnotationsModule {}
