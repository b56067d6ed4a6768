import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ValidatedBodyPipe } from '@eventcast/bootstrap';
import type { ChangeOrigin } from '@eventcast/domain';
import { SETPOINT_STORED } from '../blocks/blocks.examples';
import { ApiOriginHeader, RestOrigin } from '../changes/rest-origin.decorator';
import { BackupService } from './backup.service';
import { BackupDto } from './dto/backup.dto';
import { RestoreAnswerDto } from './dto/restore-answer.dto';

const BACKUP_EXAMPLE = {
  blocks: [SETPOINT_STORED],
  store: [
    {
      namespace: 'controller-service:controller-1',
      id: 'block-101',
      blockId: 'Beer setpoint',
      meta: { note: 'fermenter 1' },
    },
  ],
  timestamp: '2026-11-22T18:00:00.000Z',
  serviceId: 'controller-1',
};

/** Backups of the blocks and the controller datastore, below `/<service id>/blocks/backup`. */
@ApiTags('backup')
@ApiServiceUnavailableResponse({ description: 'The datastore is unreachable; nothing was changed.' })
@Controller('blocks/backup')
export class BackupController {
  constructor(private readonly backups: BackupService) {}

  @Post('save')
  @HttpCode(200)
  @ApiOperation({ summary: 'The stored data of every block plus the documents of the controller datastore' })
  @ApiOkResponse({ type: BackupDto, example: BACKUP_EXAMPLE })
  save(): Promise<BackupDto> {
    return this.backups.save();
  }

  @Post('load')
  @ApiOriginHeader()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Replace every block and controller datastore document with those of a backup (not a merge)',
  })
  @ApiBody({ type: BackupDto, examples: { backup: { value: BACKUP_EXAMPLE } } })
  @ApiOkResponse({
    type: RestoreAnswerDto,
    example: {
      messages: ['block Old PID: data.inputId links to Beer pair, which is not in the backup; the link is cleared'],
    },
  })
  @ApiBadRequestResponse({
    description: '`blocks` or `store` is not an array, or the body has a key that is not a field; nothing was changed.',
  })
  load(
    @Body(new ValidatedBodyPipe(BackupDto)) backup: BackupDto,
    @RestOrigin() origin: ChangeOrigin,
  ): Promise<RestoreAnswerDto> {
    return this.backups.load(backup, origin);
  }
}
