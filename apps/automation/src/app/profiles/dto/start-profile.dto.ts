import { IsOptional, ValidateBy } from 'class-validator';
import { isIsoTime } from '@eventcast/automation-model';
import { ProfileRefDto } from './profile-ref.dto';

/** Starts a profile, now or at a chosen time. */
export class StartProfileDto extends ProfileRefDto {
  /**
   * When the profile starts, as an ISO 8601 time with its offset (`2026-03-01T08:00:00Z`); now
   * unless given (absent or null). A time past starts it partway through; a time to come applies its first setting then.
   * The rule is the one a profile's `startedAt` follows: a week date (`2026-W09-1`), an ordinal date
   * (`2026-060`) or a time without its offset is ISO 8601 too, but names no one instant here.
   */
  @IsOptional()
  @ValidateBy({
    name: 'isIsoTime',
    validator: {
      validate: isIsoTime,
      defaultMessage: () => 'at must be an ISO 8601 time with its offset, such as 2026-03-01T08:00:00Z',
    },
  })
  at?: string | null;
}
