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
import { ProfileAnswerDto } from './dto/profile-answers.dto';
import { ProfileBodyDto, ProfileCountDto, ProfilesAnswerDto } from './dto/profile-documents.dto';
import { ProfileRefDto } from './dto/profile-ref.dto';
import { ProfileDocuments } from './profile-documents.service';
import { PROFILE_EXAMPLES } from './profiles.examples';

/** The profiles as documents of `svc-automation:profiles`: listed, checked before they are saved, deleted. */
@ApiTags('profiles')
@ApiServiceUnavailableResponse({ description: 'The datastore is unreachable. Nothing changed.' })
@Controller('profiles')
export class ProfileDocumentsController {
  constructor(private readonly profiles: ProfileDocuments) {}

  @Post('list')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Every profile',
    description:
      'The profiles as the datastore keeps them, by id, each with whether it runs and the setting its plan gives now; a document that is no profile (written past this service) comes with its problems.',
  })
  @ApiOkResponse({ type: ProfilesAnswerDto, example: PROFILE_EXAMPLES.list })
  async list(): Promise<ProfilesAnswerDto> {
    return { values: await this.profiles.list() };
  }

  @Post('save')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Create or replace a profile',
    description:
      'Checked first: its shape, its steps (the first a hold, settings in degC or degF, durations from 1 s to a year) and, where the service sees its controller online, that the block is a SetpointSensorPair of it. A profile with any problem is refused with all of them, and nothing is saved. A running profile keeps its `startedAt` unless the body gives one, and its block follows the new steps at once.',
  })
  @ApiBody({ type: ProfileBodyDto, examples: { 'an ale': { value: PROFILE_EXAMPLES.save } } })
  @ApiOkResponse({ type: ProfileAnswerDto, example: PROFILE_EXAMPLES.started })
  @ApiBadRequestResponse({
    description: 'The profile has problems; `message` names each with its path. Nothing was saved.',
    example: PROFILE_EXAMPLES.refused,
  })
  async save(@Body(new ValidatedBodyPipe(ProfileBodyDto)) body: ProfileBodyDto): Promise<ProfileAnswerDto> {
    return { value: await this.profiles.save(body.value) };
  }

  @Post('delete')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Delete a profile',
    description: 'A running profile stops as it goes: its block keeps the setting it was last given.',
  })
  @ApiBody({ type: ProfileRefDto, examples: { 'the ale': { value: PROFILE_EXAMPLES.ref } } })
  @ApiOkResponse({ type: ProfileCountDto })
  @ApiBadRequestResponse({ description: 'The body is invalid; `message` names each field at fault. Nothing changed.' })
  async remove(@Body(new ValidatedBodyPipe(ProfileRefDto)) body: ProfileRefDto): Promise<ProfileCountDto> {
    return { count: (await this.profiles.remove(body.id)) ? 1 : 0 };
  }
}
