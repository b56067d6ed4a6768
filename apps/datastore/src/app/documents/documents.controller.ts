import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { MAX_NESTING_DEPTH } from '@eventcast/domain';
import { DatastoreBodyPipe } from './datastore-body.pipe';
import {
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS_PER_CALL,
  MAX_IDS_PER_CALL,
  MAX_NAMESPACES_PER_CALL,
} from './document-limits';
import { EXAMPLES } from './documents.examples';
import { DocumentsService } from './documents.service';
import { CountAnswerDto, DocumentAnswerDto, DocumentsAnswerDto, NamespacesAnswerDto } from './dto/document-answers.dto';
import { DocumentQueryDto } from './dto/document-query.dto';
import { DocumentRefDto } from './dto/document-ref.dto';
import { NamespaceQueryDto } from './dto/namespace-query.dto';
import { SetDocumentDto } from './dto/set-document.dto';
import { SetDocumentsDto } from './dto/set-documents.dto';

const ANNOUNCED =
  'Each top-level namespace (the part before the first `:`) with a change gets one event on `eventcast/datastore/<top-level namespace>` (the empty namespace: `eventcast/datastore`).';
const TOO_LARGE = `A document is larger than ${MAX_DOCUMENT_BYTES} bytes (1 MiB) as JSON (the message names it), or the body larger than 16 MiB. Nothing was written.`;

/** The datastore's REST API: JSON documents grouped by namespace. */
@ApiTags('datastore')
@ApiBadRequestResponse({
  description: `The body is invalid, or nests objects and arrays more than ${MAX_NESTING_DEPTH} levels deep; \`message\` names each field at fault (one problem per field) and each key that is not a field. Nothing was written.`,
  example: EXAMPLES.invalid,
})
@ApiServiceUnavailableResponse({
  description:
    'The document store is unreachable, or cannot write its file (a full disk); the message names it. Nothing was written.',
})
@Controller()
export class DocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  @Post('get')
  @HttpCode(200)
  @ApiOperation({ summary: 'Read one document', description: '`value` is null when there is no such document.' })
  @ApiBody({ type: DocumentRefDto, examples: { 'the unit preferences': { value: EXAMPLES.ref } } })
  @ApiOkResponse({ type: DocumentAnswerDto, example: EXAMPLES.refAnswer })
  async get(@Body(new DatastoreBodyPipe(DocumentRefDto)) ref: DocumentRefDto): Promise<DocumentAnswerDto> {
    return { value: await this.documents.get(ref.namespace, ref.id) };
  }

  @Post('mget')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Read documents of one namespace',
    description: `Documents of exactly that namespace (sub-namespaces are separate): those of \`ids\` (at most ${MAX_IDS_PER_CALL}) that exist, in the order given, then those whose id matches the glob \`filter\`, sorted by id; each once. Neither given: every document of the namespace, sorted by id.`,
  })
  @ApiBody({ type: DocumentQueryDto, examples: { 'by id and by glob': { value: EXAMPLES.query } } })
  @ApiOkResponse({ type: DocumentsAnswerDto, example: EXAMPLES.queryAnswer })
  async mget(@Body(new DatastoreBodyPipe(DocumentQueryDto)) query: DocumentQueryDto): Promise<DocumentsAnswerDto> {
    return { values: await this.documents.find(query) };
  }

  @Post('set')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Create or replace one document',
    description: `Announced when its content changed; an identical rewrite is no change. ${ANNOUNCED}`,
  })
  @ApiBody({ type: SetDocumentDto, examples: { 'the unit preferences': { value: EXAMPLES.set } } })
  @ApiOkResponse({ type: DocumentAnswerDto, example: EXAMPLES.setAnswer })
  @ApiPayloadTooLargeResponse({ description: TOO_LARGE })
  async set(@Body(new DatastoreBodyPipe(SetDocumentDto, 'value')) body: SetDocumentDto): Promise<DocumentAnswerDto> {
    const [value] = await this.documents.setAll([body.value]);
    return { value };
  }

  @Post('mset')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Create or replace several documents, all or none',
    description: `At most ${MAX_DOCUMENTS_PER_CALL} documents; when one is invalid none is written. The later of two documents with the same key wins. ${ANNOUNCED}`,
  })
  @ApiBody({ type: SetDocumentsDto, examples: { 'two documents': { value: EXAMPLES.mset } } })
  @ApiOkResponse({ type: DocumentsAnswerDto, example: EXAMPLES.msetAnswer })
  @ApiPayloadTooLargeResponse({ description: TOO_LARGE })
  async mset(
    @Body(new DatastoreBodyPipe(SetDocumentsDto, 'values')) body: SetDocumentsDto,
  ): Promise<DocumentsAnswerDto> {
    return { values: await this.documents.setAll(body.values) };
  }

  @Post('delete')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Delete one document',
    description: `A deletion is announced with the document's full key. ${ANNOUNCED}`,
  })
  @ApiBody({ type: DocumentRefDto, examples: { 'the unit preferences': { value: EXAMPLES.ref } } })
  @ApiOkResponse({ type: CountAnswerDto, example: EXAMPLES.deleteAnswer })
  async delete(@Body(new DatastoreBodyPipe(DocumentRefDto)) ref: DocumentRefDto): Promise<CountAnswerDto> {
    return { count: await this.documents.deleteAll({ namespace: ref.namespace, ids: [ref.id] }) };
  }

  @Post('mdelete')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Delete documents of one namespace',
    description: `Selects as \`mget\` does (at most ${MAX_IDS_PER_CALL} ids), but neither \`ids\` nor \`filter\` deletes nothing. The full keys that existed are announced. ${ANNOUNCED}`,
  })
  @ApiBody({ type: DocumentQueryDto, examples: { 'by glob': { value: EXAMPLES.mdelete } } })
  @ApiOkResponse({ type: CountAnswerDto, example: EXAMPLES.mdeleteAnswer })
  async mdelete(@Body(new DatastoreBodyPipe(DocumentQueryDto)) query: DocumentQueryDto): Promise<CountAnswerDto> {
    return { count: await this.documents.deleteAll(query) };
  }

  @Post('namespaces')
  @HttpCode(200)
  @ApiOperation({
    summary: 'List the namespaces that hold documents',
    description: `Every namespace whose name starts with \`prefix\` (all when it is absent or empty) and holds at least one document, with its count, sorted by namespace; the empty namespace is \`""\`. Nested namespaces are listed each on its own, so the tree is read from the \`:\`-separated names. At most ${MAX_NAMESPACES_PER_CALL} namespaces, the first in that order; \`truncated\` says when more matched. The cost grows with what the store holds: on Redis with every key of its database (a SCAN, which never blocks Redis for the whole walk) plus one HLEN per namespace found, on the embedded store with the documents under the prefix.`,
  })
  @ApiBody({ type: NamespaceQueryDto, examples: { "every controller's": { value: EXAMPLES.namespaces } } })
  @ApiOkResponse({ type: NamespacesAnswerDto, example: EXAMPLES.namespacesAnswer })
  async namespaces(
    @Body(new DatastoreBodyPipe(NamespaceQueryDto)) query: NamespaceQueryDto,
  ): Promise<NamespacesAnswerDto> {
    return this.documents.namespaces(query.prefix);
  }
}
