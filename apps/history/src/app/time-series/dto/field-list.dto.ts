import { ArrayMaxSize, IsArray, IsString } from 'class-validator';

/** Fields one query may name; keeps a QuestDB query URL well within its limits. */
export const MAX_FIELDS_PER_QUERY = 250;

/** A query about some fields. */
export class FieldListDto {
  /** Names of the fields, as `/fields` lists them, e.g. `controller-1/Sensor 1/value[degC]`. */
  @IsArray()
  @ArrayMaxSize(MAX_FIELDS_PER_QUERY)
  @IsString({ each: true, message: '$property must hold strings only' })
  fields!: string[];
}
