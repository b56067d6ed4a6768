import { IsIn, IsNotEmpty, IsObject, IsOptional, IsString } from 'class-validator';

export const STREAM_COMMANDS = ['ranges', 'metrics', 'stop'] as const;
export type StreamCommandName = (typeof STREAM_COMMANDS)[number];

/** A message a client sends on the WebSocket `/history/timeseries/stream`. */
export class StreamCommandDto {
  /** Chosen by the client; answers and updates carry it. A command with the id of a running one replaces it. */
  @IsString()
  @IsNotEmpty()
  id!: string;

  /** `ranges` or `metrics` start a query, `stop` ends the one with this id. */
  @IsIn(STREAM_COMMANDS)
  command!: StreamCommandName;

  /** The body `/ranges` or `/metrics` takes; not needed for `stop`. */
  @IsOptional()
  @IsObject()
  query?: Record<string, unknown>;
}
