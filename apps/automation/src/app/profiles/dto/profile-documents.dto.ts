import { ApiProperty } from '@nestjs/swagger';
import { IsObject } from 'class-validator';

const PROFILE = { type: 'object', additionalProperties: true } as const;

/** The body of `/profiles/save`: the profile document, checked as docs/automation.md says. */
export class ProfileBodyDto {
  @ApiProperty({
    description:
      'The profile: `namespace` `svc-automation:profiles`, `id`, `title`, `serviceId`, `blockId`, `steps`, and `startedAt` to start it at that time (a running profile keeps its own without it).',
    ...PROFILE,
  })
  @IsObject({ message: '$property must be a JSON object' })
  value!: Record<string, unknown>;
}

/** The answer of `/profiles/list`. */
export class ProfilesAnswerDto {
  @ApiProperty({
    description:
      'The profiles by id, each with `running` (it has `startedAt`, a start to come included) and, once its start has come, `plannedSetting`: the setting its plan gives now, in degC. A document that is no profile has `problems`.',
    type: 'array',
    items: PROFILE,
  })
  values!: Record<string, unknown>[];
}

/** The answer of `/profiles/delete`. */
export class ProfileCountDto {
  @ApiProperty({ description: '1 when the profile was there, else 0.', example: 1 })
  count!: number;
}
