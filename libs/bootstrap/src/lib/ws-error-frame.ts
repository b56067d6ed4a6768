import { Logger } from '@nestjs/common';
import { DomainError } from '@eventcast/domain';
import type { StreamErrorFrame } from '@eventcast/live-stream';

const logger = new Logger('WebSocket');

/**
 * The error frame for a failed WebSocket command. A domain error sends its reason; anything else
 * is logged with its stack and sent as `internal error`, so a bug's details stay in the log.
 */
export function wsErrorFrame(error: unknown, id?: string): StreamErrorFrame {
  const frame = id === undefined ? {} : { id };
  if (error instanceof DomainError) return { ...frame, error: error.message };
  logger.error(
    `a command${id === undefined ? '' : ` (id ${id})`} failed unexpectedly`,
    error instanceof Error ? error.stack : String(error),
  );
  return { ...frame, error: 'internal error' };
}
