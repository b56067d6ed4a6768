import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ValidatedBodyPipe } from '@eventcast/bootstrap';
import { ProfileAnswerDto, ProfilePlanDto } from './dto/profile-answers.dto';
import { ProfileRefDto } from './dto/profile-ref.dto';
import { StartProfileDto } from './dto/start-profile.dto';
import { ProfileRunner } from './profile-runner.service';
import { PROFILE_EXAMPLES } from './profiles.examples';

/** Starts and stops fermentation profiles and draws their planned line. */
@ApiTags('profiles')
@ApiBadRequestResponse({ description: 'The body is invalid; `message` names each field at fault. Nothing changed.' })
@ApiNotFoundResponse({ description: 'There is no profile of that id in `svc-automation:profiles`.' })
@Controller('profiles')
export class ProfilesController {
  constructor(private readonly runner: ProfileRunner) {}

  @Post('start')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Start a profile',
    description:
      'Writes `startedAt` into the profile document; from then on its block’s `storedSetting` follows the plan. Starting a running profile starts it again at the new time.',
  })
  @ApiBody({ type: StartProfileDto, examples: { 'an ale from Sunday 8:00': { value: PROFILE_EXAMPLES.start } } })
  @ApiOkResponse({ type: ProfileAnswerDto, example: PROFILE_EXAMPLES.started })
  @ApiServiceUnavailableResponse({ description: 'The datastore is unreachable. Nothing changed.' })
  async start(@Body(new ValidatedBodyPipe(StartProfileDto)) body: StartProfileDto): Promise<ProfileAnswerDto> {
    return { value: await this.runner.start(body.id, typeof body.at === 'string' ? Date.parse(body.at) : undefined) };
  }

  @Post('stop')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Stop a profile',
    description: 'Removes `startedAt` from the profile document; the block keeps the setting it was last given.',
  })
  @ApiBody({ type: ProfileRefDto, examples: { 'the ale': { value: PROFILE_EXAMPLES.ref } } })
  @ApiOkResponse({ type: ProfileAnswerDto })
  @ApiServiceUnavailableResponse({ description: 'The datastore is unreachable. Nothing changed.' })
  async stop(@Body(new ValidatedBodyPipe(ProfileRefDto)) body: ProfileRefDto): Promise<ProfileAnswerDto> {
    return { value: await this.runner.stop(body.id) };
  }

  @Post('plan')
  @HttpCode(200)
  @ApiOperation({
    summary: 'The planned line of a profile',
    description:
      'The corners of the setting over time, in degC, from `startedAt` (from 0 while the profile is stopped). The history service holds the planned setting as `automation/profiles/<id>/planned[degC]` from each patch.',
  })
  @ApiBody({ type: ProfileRefDto, examples: { 'the ale': { value: PROFILE_EXAMPLES.ref } } })
  @ApiOkResponse({ type: ProfilePlanDto, example: PROFILE_EXAMPLES.plan })
  plan(@Body(new ValidatedBodyPipe(ProfileRefDto)) body: ProfileRefDto): Promise<ProfilePlanDto> {
    return this.runner.plan(body.id);
  }
}
