import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { ValidatedBodyPipe } from '@eventcast/bootstrap';
import { type Block, BlockDto, BlockIdentity, type ChangeOrigin, LinkDto, QuantityDto } from '@eventcast/domain';
import { ApiOriginHeader, RestOrigin } from '../changes/rest-origin.decorator';
import {
  BLOCK_REF,
  DISCOVERED_SENSOR,
  SETPOINT_BLOCK,
  SETPOINT_IDENTITY,
  SETPOINT_LOGGED,
  SETPOINT_PATCH,
  SETPOINT_STORED,
  SETPOINT_WRITE,
} from './blocks.examples';
import { BlocksService } from './blocks.service';
import { BlockIdentityDto } from './dto/block-identity.dto';
import { BlockRefDto } from './dto/block-ref.dto';

// A block body may carry any field: those the route does not use are ignored (docs/controller.md).
const BLOCK_BODY = new ValidatedBodyPipe(BlockDto, { otherFields: 'ignored' });
const REF_BODY = new ValidatedBodyPipe(BlockRefDto, { otherFields: 'ignored' });
const REF_EXAMPLES = { block: { value: BLOCK_REF } };

/** Answer of a change the device refused after the checks passed (docs/controller.md, errors). */
const REFUSED_BY_DEVICE = 'The device refused the change, e.g. the block was deleted meanwhile; nothing was changed.';
/** Answer of a change the device could not keep (docs/controller.md, errors). */
const NOT_KEPT =
  'The device could not keep the change (the simulated device could not write its file: a full disk); `message` names it. Nothing was changed.';

/** The block REST API of docs/controller.md: every route is POST below `/<service id>/blocks`. */
@ApiTags('blocks')
@ApiExtraModels(QuantityDto, LinkDto)
@ApiBadRequestResponse({
  description:
    'The body is invalid; `message` names every field at fault, one problem per field (other fields are ignored). Nothing was changed.',
})
@Controller('blocks')
export class BlocksController {
  constructor(private readonly blocks: BlocksService) {}

  @Post('create')
  @ApiOriginHeader()
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a block with complete data (omitted fields take their default)' })
  @ApiBody({ type: BlockDto, examples: { setpoint: { value: SETPOINT_WRITE } } })
  @ApiCreatedResponse({ type: BlockDto, example: SETPOINT_BLOCK })
  @ApiUnprocessableEntityResponse({ description: REFUSED_BY_DEVICE })
  @ApiServiceUnavailableResponse({ description: NOT_KEPT })
  @ApiConflictResponse({ description: 'A block with this id exists, or the type is that of a system block.' })
  create(@Body(BLOCK_BODY) block: BlockDto, @RestOrigin() origin: ChangeOrigin): Promise<Block> {
    return this.blocks.create(block, origin);
  }

  @Post('read')
  @HttpCode(200)
  @ApiOperation({ summary: 'Read one block: all data, temperatures in the user unit' })
  @ApiBody({ type: BlockRefDto, examples: REF_EXAMPLES })
  @ApiOkResponse({ type: BlockDto, example: SETPOINT_BLOCK })
  @ApiNotFoundResponse({ description: 'There is no block with this id.' })
  read(@Body(REF_BODY) ref: BlockRefDto): Block {
    return this.blocks.read(ref.id);
  }

  @Post('read/logged')
  @HttpCode(200)
  @ApiOperation({ summary: 'Read the logged data of one block, as history events carry it' })
  @ApiBody({ type: BlockRefDto, examples: REF_EXAMPLES })
  @ApiOkResponse({ type: BlockDto, example: SETPOINT_LOGGED })
  @ApiNotFoundResponse({ description: 'There is no block with this id.' })
  readLogged(@Body(REF_BODY) ref: BlockRefDto): Block {
    return this.blocks.readLogged(ref.id);
  }

  @Post('read/stored')
  @HttpCode(200)
  @ApiOperation({ summary: 'Read the stored data of one block, in device units, as backups hold it' })
  @ApiBody({ type: BlockRefDto, examples: REF_EXAMPLES })
  @ApiOkResponse({ type: BlockDto, example: SETPOINT_STORED })
  @ApiNotFoundResponse({ description: 'There is no block with this id.' })
  readStored(@Body(REF_BODY) ref: BlockRefDto): Block {
    return this.blocks.readStored(ref.id);
  }

  @Post('write')
  @ApiOriginHeader()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Write the complete data of a block; omitted fields take their default, read-only ones are ignored',
  })
  @ApiBody({ type: BlockDto, examples: { setpoint: { value: SETPOINT_WRITE } } })
  @ApiOkResponse({ type: BlockDto, example: SETPOINT_BLOCK })
  @ApiUnprocessableEntityResponse({ description: REFUSED_BY_DEVICE })
  @ApiServiceUnavailableResponse({ description: NOT_KEPT })
  @ApiNotFoundResponse({ description: 'There is no block with this id.' })
  write(@Body(BLOCK_BODY) block: BlockDto, @RestOrigin() origin: ChangeOrigin): Promise<Block> {
    return this.blocks.write(block, origin);
  }

  @Post('patch')
  @ApiOriginHeader()
  @HttpCode(200)
  @ApiOperation({ summary: 'Change some fields of a block; the others keep their value' })
  @ApiBody({ type: BlockDto, examples: { setting: { value: SETPOINT_PATCH } } })
  @ApiOkResponse({
    type: BlockDto,
    example: {
      ...SETPOINT_BLOCK,
      data: { ...SETPOINT_BLOCK.data, storedSetting: { __objtype: 'Quantity', unit: 'degC', value: 21 } },
    },
  })
  @ApiUnprocessableEntityResponse({ description: REFUSED_BY_DEVICE })
  @ApiServiceUnavailableResponse({ description: NOT_KEPT })
  @ApiNotFoundResponse({ description: 'There is no block with this id.' })
  patch(@Body(BLOCK_BODY) block: BlockDto, @RestOrigin() origin: ChangeOrigin): Promise<Block> {
    return this.blocks.patch(block, origin);
  }

  @Post('delete')
  @ApiOriginHeader()
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a user block; links to it read null afterwards' })
  @ApiBody({ type: BlockRefDto, examples: REF_EXAMPLES })
  @ApiOkResponse({ type: BlockIdentityDto, example: SETPOINT_IDENTITY })
  @ApiUnprocessableEntityResponse({ description: REFUSED_BY_DEVICE })
  @ApiServiceUnavailableResponse({ description: NOT_KEPT })
  @ApiNotFoundResponse({ description: 'There is no block with this id.' })
  @ApiConflictResponse({ description: 'The block is a system block.' })
  delete(@Body(REF_BODY) ref: BlockRefDto, @RestOrigin() origin: ChangeOrigin): Promise<BlockIdentity> {
    return this.blocks.delete(ref.id, origin);
  }

  @Post('all/read')
  @HttpCode(200)
  @ApiOperation({ summary: 'Read every block, system blocks first' })
  @ApiOkResponse({ type: [BlockDto], example: [SETPOINT_BLOCK] })
  readAll(): Block[] {
    return this.blocks.readAll();
  }

  @Post('all/read/logged')
  @HttpCode(200)
  @ApiOperation({ summary: 'Read the logged data of every block' })
  @ApiOkResponse({ type: [BlockDto], example: [SETPOINT_LOGGED] })
  readAllLogged(): Block[] {
    return this.blocks.readAllLogged();
  }

  @Post('all/read/stored')
  @HttpCode(200)
  @ApiOperation({ summary: 'Read the stored data of every block' })
  @ApiOkResponse({ type: [BlockDto], example: [SETPOINT_STORED] })
  readAllStored(): Block[] {
    return this.blocks.readAllStored();
  }

  @Post('all/delete')
  @ApiOriginHeader()
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete every user block; system blocks stay' })
  @ApiOkResponse({ type: [BlockIdentityDto], example: [SETPOINT_IDENTITY] })
  @ApiServiceUnavailableResponse({ description: NOT_KEPT })
  deleteAll(@RestOrigin() origin: ChangeOrigin): Promise<BlockIdentity[]> {
    return this.blocks.deleteAll(origin);
  }

  @Post('discover')
  @ApiOriginHeader()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Create blocks for plugged-in sensors and IO modules that have none; returns those created by this call',
  })
  @ApiOkResponse({ type: [BlockDto], example: [DISCOVERED_SENSOR] })
  @ApiServiceUnavailableResponse({ description: NOT_KEPT })
  discover(@RestOrigin() origin: ChangeOrigin): Promise<Block[]> {
    return this.blocks.discover(origin);
  }
}
