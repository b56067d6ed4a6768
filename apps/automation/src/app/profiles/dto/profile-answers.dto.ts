import { DocumentDto } from '@eventcast/domain';

/** The profile document as stored after the change. */
export class ProfileAnswerDto {
  /** The profile, with `startedAt` while it runs. */
  value!: DocumentDto;
}

/** A corner of a profile's planned line. */
export class PlanPointDto {
  /** When, in epoch milliseconds (from 0 for a stopped profile). */
  atMs!: number;
  /** The setting then, in `unit`. */
  setting!: number;
}

/** A profile's planned line: the setting goes straight from each corner to the next. */
export class ProfilePlanDto {
  /** The profile's id. */
  id!: string;
  /** The unit of every setting: `degC`. */
  unit!: string;
  /** When it started, while it runs. */
  startedAt?: string;
  /** The corners in time order; a jump is two corners at the same time. */
  points!: PlanPointDto[];
}
