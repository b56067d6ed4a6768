import { findBlockType } from '@eventcast/block-model';
import type { ControllerSchemas } from '@eventcast/api-client';
import { fileNameTime } from '../../ui/download';

/** A backup as `backup/save` answers it and `backup/load` takes it. */
export type Backup = ControllerSchemas['BackupDto'];

/** A block as backups hold it: its stored data, in device units. */
type StoredBlock = ControllerSchemas['BlockDto'];

/** What loading a backup does to a controller's blocks, by block name. */
export interface BackupPlan {
  /** Blocks the controller has and the file lacks: a load is not a merge. */
  remove: string[];
  /** Blocks of the file the controller lacks. */
  add: string[];
  /** Blocks of both whose type or stored data differ. */
  change: string[];
}

/**
 * What loading `backup` into a controller whose stored blocks are `current` will remove, add and
 * change. System blocks are written by a load, never removed or created, so they are only ever
 * changed.
 */
export function backupPlan(current: readonly StoredBlock[], backup: Backup): BackupPlan {
  const isSystem = (block: StoredBlock) => findBlockType(block.type)?.system !== undefined;
  const inFile = new Map(backup.blocks.map((block) => [block.id, block]));
  const held = new Map(current.map((block) => [block.id, block]));
  return {
    remove: current.filter((block) => !inFile.has(block.id) && !isSystem(block)).map(({ id }) => id),
    add: backup.blocks.filter((block) => !held.has(block.id) && !isSystem(block)).map(({ id }) => id),
    change: backup.blocks
      .filter((block) => {
        const now = held.get(block.id);
        return now !== undefined && (now.type !== block.type || canonical(now.data) !== canonical(block.data));
      })
      .map(({ id }) => id),
  };
}

/** JSON with every object's keys sorted, so that two equal values read the same whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, part: unknown) =>
    part !== null && typeof part === 'object' && !Array.isArray(part)
      ? Object.fromEntries(Object.entries(part).sort(([a], [b]) => a.localeCompare(b)))
      : part,
  );
}

/**
 * The name a saved backup downloads under: the controller and the time it was made, to the second,
 * with dashes for the colons a file name may not hold (`controller-1-2026-11-26T03-30-00Z.json`).
 */
export function backupFileName(backup: Backup, serviceId: string): string {
  return `${backup.serviceId ?? serviceId}-${fileNameTime(new Date(backup.timestamp ?? Date.now()))}.json`;
}

/**
 * The backup a file holds, or why it is not one: an object with lists of `blocks` and `store`.
 * The controller checks the rest when the backup is loaded.
 */
export function readBackup(text: string): Backup | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'The file is not JSON.';
  }
  const backup = parsed as Partial<Backup> | null;
  if (typeof backup !== 'object' || backup === null || !Array.isArray(backup.blocks) || !Array.isArray(backup.store)) {
    return 'The file is not a backup: it lacks the lists blocks and store.';
  }
  return backup as Backup;
}
