import { type Block, STATE_TOPIC } from '@eventcast/domain';

/** What a delivery on `eventcast/state/<service id>` says of the controller's blocks. */
export type ControllerBlocks =
  /** It is online with these blocks. */
  | readonly Block[]
  /** It is gone: its last will, its goodbye, or an empty retained message that removed it. */
  | null
  /** Not a state event: nothing to learn. */
  | undefined;

/** The service id a state topic names (`eventcast/state/c1` gives `c1`). */
export function serviceIdOfStateTopic(topic: string): string {
  return topic.slice(STATE_TOPIC.length + 1);
}

/** The blocks of a state event's payload, null for a controller that is gone, undefined for anything else. */
export function controllerBlocksOf(payload: unknown): ControllerBlocks {
  if (payload === '' || payload === null || payload === undefined) return null;
  if (typeof payload !== 'object') return undefined;
  const { data } = payload as { data?: unknown };
  if (data === null) return null;
  const blocks = (data as { blocks?: unknown } | undefined)?.blocks;
  return Array.isArray(blocks) ? (blocks as Block[]) : undefined;
}
