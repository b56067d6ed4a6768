import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ValidatedBodyPipe } from '@eventcast/bootstrap';
import { AnnotationsService } from './annotations.service';
import { AnnotationDto } from './dto/annotation.dto';
import { AnnotationsQueryDto } from './dto/annotations-query.dto';
import { NewNoteDto } from './dto/new-note.dto';

/** `/history/annotations`: what explains the values on a graph, and the notes users add. */
@ApiTags('annotations')
@ApiBadRequestResponse({ description: 'The query or body is invalid; the message names each problem' })
@ApiServiceUnavailableResponse({
  description: 'The store could not answer, or the spool has no room; the message says why',
})
@Controller()
export class AnnotationsController {
  constructor(private readonly annotations: AnnotationsService) {}

  /** The annotations that touch the range, of the fields, controllers and blocks named (all when none is), the earliest first. */
  @Get()
  @ApiOkResponse({ type: [AnnotationDto] })
  list(@Query(new ValidatedBodyPipe(AnnotationsQueryDto)) query: AnnotationsQueryDto): Promise<AnnotationDto[]> {
    return this.annotations.list(query);
  }

  /** Adds a note at a time or over a span; it can be read a moment later. */
  @Post()
  @ApiBody({ type: NewNoteDto, examples: { 'a note now': { value: { text: 'Pitched the yeast' } } } })
  @ApiCreatedResponse({ type: AnnotationDto })
  add(@Body(new ValidatedBodyPipe(NewNoteDto)) note: NewNoteDto): AnnotationDto {
    return this.annotations.addNote(note);
  }
}
