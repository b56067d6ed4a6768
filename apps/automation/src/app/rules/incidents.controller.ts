import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ValidatedBodyPipe } from '@eventcast/bootstrap';
import { NotFoundError } from '@eventcast/domain';
import { AutomationStore } from '../ports/automation-store.port';
import { IncidentAnswerDto, IncidentsAnswerDto } from './dto/rule-answers.dto';
import { AcknowledgeDto, IncidentQueryDto } from './dto/rule-bodies.dto';
import { IncidentEvents } from './incident-events';

const DEFAULT_LIMIT = 100;

/** The incidents the rules opened, open or closed, and their acknowledgement. */
@ApiTags('incidents')
@Controller('incidents')
export class IncidentsController {
  constructor(
    private readonly store: AutomationStore,
    private readonly events: IncidentEvents,
  ) {}

  @Post('list')
  @HttpCode(200)
  @ApiOperation({ summary: 'Incidents, newest first', description: 'Filtered by rule and by open or closed.' })
  @ApiOkResponse({ type: IncidentsAnswerDto })
  async list(@Body(new ValidatedBodyPipe(IncidentQueryDto)) query: IncidentQueryDto): Promise<IncidentsAnswerDto> {
    return { values: await this.store.incidents({ ...query, limit: query.limit ?? DEFAULT_LIMIT }) };
  }

  @Post('acknowledge')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Acknowledge an incident',
    description: 'Stops its reminders; it stays open until its trigger clears. Acknowledging it again changes nothing.',
  })
  @ApiOkResponse({ type: IncidentAnswerDto })
  @ApiNotFoundResponse({ description: 'No incident has that id.' })
  async acknowledge(@Body(new ValidatedBodyPipe(AcknowledgeDto)) body: AcknowledgeDto): Promise<IncidentAnswerDto> {
    const incident = await this.store.acknowledge(body.id, new Date().toISOString(), body.by ?? 'someone');
    if (incident === undefined) throw new NotFoundError(`no incident ${body.id}`);
    void this.events.acknowledged(incident);
    return { value: incident };
  }
}
