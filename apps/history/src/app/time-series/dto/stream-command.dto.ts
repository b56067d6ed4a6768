import { IsIn, IsNotEmpty, IsObject, IsOptional, IsString, ValidateIf } from 'class-validator';
import { LIVE_FEEDS, type LiveFeed } from '@eventcast/live-stream';

export const STREAM_COMMANDS = ['ranges', 'metrics', 'follow', 'stop'] as const;
export type StreamCommandName = (typeof STREAM_COMMANDS)[number];

/** A message a client sends on the WebSocket `/history/timeseries/stream`. */
export class StreamCommandDto {
  /** Chosen by the client; answers and updates carry it. A command with the id of a running one replaces it. */
  @IsString()
  @IsNotEmpty()
  id!: string;

  /** `ranges` or `metrics` start a query, `follow` a feed, `stop` ends the one with this id. */
  @IsIn(STREAM_COMMANDS)
  command!: StreamCommandName;

  /** The body `/ranges` or `/metrics` takes; not needed for `follow` or `stop`. */
  @IsOptional()
  @IsObject()
  query?: Record<string, unknown>;

  /** The feed `follow` follows: `controllers`, `documents` or `annotations`. */
  @ValidateIf((command: StreamCommandDto) => command.command === 'follow')
  @IsIn(LIVE_FEEDS)
  feed?: LiveFeed;
}
