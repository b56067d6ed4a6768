import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsBoolean,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { DOCUMENT_ID_PATTERN, DOCUMENT_ID_RULE } from '@eventcast/domain';

/** The body of `/rules/check` and `/rules/save`: the rule document, checked as docs/automation.md says. */
export class RuleBodyDto {
  @ApiProperty({
    description:
      'The rule: `namespace` `svc-automation:rules`, `id`, `title`, `enabled`, `trigger`, `conditions`, `actions`, `remindEveryS`.',
    type: 'object',
    additionalProperties: true,
  })
  @IsObject({ message: '$property must be a JSON object' })
  value!: Record<string, unknown>;
}

/** The body of `/rules/delete`. */
export class RuleRefDto {
  @ApiProperty({ description: "The rule's id.", example: 'cooler-failed' })
  @IsString()
  @Matches(DOCUMENT_ID_PATTERN, { message: `$property ${DOCUMENT_ID_RULE}` })
  @MaxLength(200)
  id!: string;
}

/** The body of `/incidents/list`. */
export class IncidentQueryDto {
  @ApiPropertyOptional({ description: 'Only the incidents of this rule.' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  ruleId?: string;

  @ApiPropertyOptional({ description: 'true: only open incidents; false: only closed ones; absent: both.' })
  @IsOptional()
  @IsBoolean()
  open?: boolean;

  @ApiPropertyOptional({ description: 'At most this many, newest first (1 to 1,000; default 100).', example: 100 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000)
  limit?: number;
}

/** The body of `/incidents/acknowledge`. */
export class AcknowledgeDto {
  @ApiProperty({ description: "The incident's id." })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  id!: string;

  @ApiPropertyOptional({
    description: "Who acknowledges it, as the web app names its user; the token's name is not known here.",
    example: 'Anna',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  by?: string;
}
