import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

const RULE = { type: 'object', additionalProperties: true } as const;

/** The answer of `/rules/list`. */
export class RulesAnswerDto {
  @ApiProperty({
    description: 'The rules by id; a document that cannot run has `problems`.',
    type: 'array',
    items: RULE,
  })
  values!: Record<string, unknown>[];
}

/** The answer of `/rules/check`. */
export class ProblemsAnswerDto {
  @ApiProperty({
    description: 'Every problem of the rule, one message each; empty when it can be saved.',
    type: [String],
  })
  problems!: string[];
}

/** The answer of `/rules/save`. */
export class RuleAnswerDto {
  @ApiProperty({ description: 'The rule as saved.', ...RULE })
  value!: Record<string, unknown>;
}

/** The answer of `/rules/delete`. */
export class CountAnswerDto {
  @ApiProperty({ description: '1 when the rule was there, else 0.', example: 1 })
  count!: number;
}

/** An incident: a rule that fired, open until its trigger clears. */
export class IncidentDto {
  @ApiProperty({ example: 'mi3k2x1-9f2a11c0' })
  id!: string;
  @ApiProperty({ example: 'beer-too-warm' })
  ruleId!: string;
  @ApiProperty({ example: 'Beer too warm' })
  ruleTitle!: string;
  @ApiProperty({ description: 'ISO 8601', example: '2026-11-28T14:05:00.000Z' })
  openedAt!: string;
  @ApiPropertyOptional({ description: 'ISO 8601; absent while open.' })
  closedAt?: string;
  @ApiProperty({
    description: 'What fired it: the field, the block path or the controller.',
    example: 'fermenter/Beer sensor/value[degC]',
  })
  subject!: string;
  @ApiPropertyOptional({
    description: 'The value then, where there is one.',
    example: 22.6,
    oneOf: [{ type: 'number' }, { type: 'string' }, { type: 'boolean' }],
    nullable: true,
  })
  value?: number | string | boolean | null;
  @ApiProperty({ example: 'fermenter/Beer sensor/value[degC] is 22.6, above 22' })
  message!: string;
  @ApiPropertyOptional({ description: 'ISO 8601: the last reminder.' })
  remindedAt?: string;
  @ApiPropertyOptional({ description: 'ISO 8601' })
  acknowledgedAt?: string;
  @ApiPropertyOptional({ example: 'Anna' })
  acknowledgedBy?: string;
}

/** The answer of `/incidents/list`. */
export class IncidentsAnswerDto {
  @ApiProperty({ type: [IncidentDto] })
  values!: IncidentDto[];
}

/** The answer of `/incidents/acknowledge`. */
export class IncidentAnswerDto {
  @ApiProperty({ type: IncidentDto })
  value!: IncidentDto;
}
