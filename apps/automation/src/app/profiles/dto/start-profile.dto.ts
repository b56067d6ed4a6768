import { IsISO8601, IsOptional } from 'class-validator';
import { ProfileRefDto } from './profile-ref.dto';

/** Starts a profile, now or at a chosen time. */
export class StartProfileDto extends ProfileRefDto {
  /**
   * When the profile starts, as an ISO 8601 time with its offset (`2026-03-01T08:00:00Z`); now
   * unless given. A time past starts it partway through; a time to come applies its first setting then.
   */
  @IsOptional()
  @IsISO8601({ strict: true })
  at?: string;
}
