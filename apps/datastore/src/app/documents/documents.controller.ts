import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiOkResponse, ApiOperation, ApiPayloadTooLargeResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { ValidatedBodyPipe } from '@eventcast/bootstrap';
import { DocumentsService } from './documents.service';
import { CountAnswerDto, DocumentAnswerDto, DocumentsAnswerDto } from './dto/document-answers.dto';
import { DocumentQueryDto } from './dto/document-query.dto';
import { DocumentRefDto } from './dto/document-ref.dto';
import { SetDocumentDto } from './dto/set-document.dto';
import { SetDocumentsDto } from './dto/set-documents.dto';

const UNITS = { namespace: 'svc-global', id: 'units', temperature: 'degC' };
const SENSOR_META = { namespace: 'controller-service:controller-1', id: 'Fridge sensor', note: 'top shelf' };

/** The datastore's REST API: JSON documents grouped by namespace. */
@ApiTags('datastore')
@ApiBadRequestResponse({ description: 'The body is invalid; `message` lists every problem. Nothing was written.' })
@ApiServiceUnavailableResponse({ description: 'The document store is unreachable; nothing was written.' })
@Controller()
export class DocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  @Post('get')
  @HttpCode(200)
  @ApiOperation({ summary: 'Read one document' })
  @ApiBody({ type: DocumentRefDto, examples: { units: { value: { namespace: 'svc-global', id: 'units' } } } })
  @ApiOkResponse({ type: DocumentAnswerDto, example: { value: UNITS } })
  async get(@Body(new ValidatedBodyPipe(DocumentRefDto)) ref: DocumentRefDto): Promise<DocumentAnswerDto> {
    return { value: await this.documents.get(ref.namespace, ref.id) };
  }

  @Post('mget')
  @HttpCode(200)
  @ApiOperation({ summary: 'Read documents of one namespace: ids in the order given, then filter matches sorted by id; neither given: all' })
  @ApiBody({ type: DocumentQueryDto, examples: { byIdAndGlob: { value: { namespace: 'controller-service:controller-1', ids: ['Fridge sensor'], filter: 'PID*' } } } })
  @ApiOkResponse({ type: DocumentsAnswerDto, example: { values: [SENSOR_META] } })
  async mget(@Body(new ValidatedBodyPipe(DocumentQueryDto)) query: DocumentQueryDto): Promise<DocumentsAnswerDto> {
    return { values: await this.documents.find(query) };
  }

  @Post('set')
  @HttpCode(200)
  @ApiOperation({ summary: 'Create or replace one document; a change is announced on eventcast/datastore/<top-level namespace>' })
  @ApiBody({ type: SetDocumentDto, examples: { units: { value: { value: UNITS } } } })
  @ApiOkResponse({ type: DocumentAnswerDto, example: { value: UNITS } })
  @ApiPayloadTooLargeResponse({ description: 'The document is larger than 1 MiB as JSON.' })
  async set(@Body(new ValidatedBodyPipe(SetDocumentDto)) body: SetDocumentDto): Promise<DocumentAnswerDto> {
    const [value] = await this.documents.setAll([body.value]);
    return { value };
  }

  @Post('mset')
  @HttpCode(200)
  @ApiOperation({ summary: 'Create or replace up to 1000 documents, all or none' })
  @ApiBody({ type: SetDocumentsDto, examples: { two: { value: { values: [UNITS, SENSOR_META] } } } })
  @ApiOkResponse({ type: DocumentsAnswerDto, example: { values: [UNITS, SENSOR_META] } })
  @ApiPayloadTooLargeResponse({ description: 'A document is larger than 1 MiB as JSON, or the body larger than 16 MiB.' })
  async mset(@Body(new ValidatedBodyPipe(SetDocumentsDto)) body: SetDocumentsDto): Promise<DocumentsAnswerDto> {
    return { values: await this.documents.setAll(body.values) };
  }

  @Post('delete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete one document; a deletion is announced with its full key' })
  @ApiBody({ type: DocumentRefDto, examples: { units: { value: { namespace: 'svc-global', id: 'units' } } } })
  @ApiOkResponse({ type: CountAnswerDto, example: { count: 1 } })
  async delete(@Body(new ValidatedBodyPipe(DocumentRefDto)) ref: DocumentRefDto): Promise<CountAnswerDto> {
    return { count: await this.documents.deleteAll({ namespace: ref.namespace, ids: [ref.id] }) };
  }

  @Post('mdelete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete documents of one namespace by ids and/or glob; neither given deletes nothing' })
  @ApiBody({ type: DocumentQueryDto, examples: { glob: { value: { namespace: 'controller-service:controller-1', filter: 'PID*' } } } })
  @ApiOkResponse({ type: CountAnswerDto, example: { count: 3 } })
  async mdelete(@Body(new ValidatedBodyPipe(DocumentQueryDto)) query: DocumentQueryDto): Promise<CountAnswerDto> {
    return { count: await this.documents.deleteAll(query) };
  }
}
