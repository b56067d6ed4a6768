import {
  BlockData,
  BlockDataError,
  BlockType,
  findBlockType,
  implementsInterface,
  link,
  TemperatureUnit,
} from '@eventcast/block-model';
import { mainProblems } from '@eventcast/bootstrap';
import { BlockDto, DocumentDto, isLink, validateDto } from '@eventcast/domain';
import { NewDeviceBlock } from '../ports/controller-device.port';
import { normaliseBlockData } from '../blocks/block-data.util';
import { OwnDocument } from '../store/controller-store.service';

/**
 * The blocks of a backup that can be restored, their data normalised; the others are named in
 * `messages`. Links to blocks that are neither restored nor system blocks, or that do not
 * implement the link's interface, are cleared (and named).
 */
export function restorableBlocks(
  candidates: unknown[],
  userUnit: TemperatureUnit,
  systemTypes: ReadonlyMap<string, string>,
  messages: string[],
): NewDeviceBlock[] {
  const blocks: NewDeviceBlock[] = [];
  const ids = new Set<string>();
  candidates.forEach((candidate, index) => {
    const outcome = restorableBlock(candidate, userUnit, ids);
    if (typeof outcome === 'string') {
      const id = (candidate as { id?: unknown } | null)?.id;
      messages.push(`block ${typeof id === 'string' ? id : `#${index}`}: ${outcome}`);
    } else {
      blocks.push(outcome);
      ids.add(outcome.id);
    }
  });
  const types = new Map([...systemTypes, ...blocks.map((block): [string, string] => [block.id, block.type])]);
  for (const block of blocks) clearBrokenLinks(block, findBlockType(block.type) as BlockType, types, messages);
  return blocks;
}

/** The block to restore, or why it cannot be. */
function restorableBlock(
  candidate: unknown,
  userUnit: TemperatureUnit,
  ids: ReadonlySet<string>,
): NewDeviceBlock | string {
  const validated = validateDto(BlockDto, candidate, mainProblems);
  if (!validated.ok) return validated.problems.join('; ');
  const { id, type: typeName, nid, data } = candidate as BlockDto;
  const type = findBlockType(typeName);
  if (type === undefined) return `type: ${typeName} is not a block type`;
  const restoredId = type.system?.id ?? id;
  if (ids.has(restoredId)) return 'appears more than once; the first one is restored';
  try {
    return { id: restoredId, type: type.name, nid, data: normaliseBlockData(type, data, userUnit) };
  } catch (error) {
    if (error instanceof BlockDataError) return error.problems.join('; ');
    throw error;
  }
}

function clearBrokenLinks(
  block: NewDeviceBlock,
  type: BlockType,
  types: ReadonlyMap<string, string>,
  messages: string[],
): void {
  for (const entry of type.shape.writable) {
    const value = block.data[entry.name];
    if (entry.field.kind !== 'link' || !isLink(value) || value.id === null) continue;
    const target = types.get(value.id);
    if (target !== undefined && implementsInterface(target, entry.field.interface)) continue;
    const reason =
      target === undefined
        ? 'which is not in the backup'
        : `a ${target}, which does not implement ${entry.field.interface}`;
    messages.push(`block ${block.id}: data.${entry.name} links to ${value.id}, ${reason}; the link is cleared`);
    (block.data as BlockData)[entry.name] = link(entry.field.interface, null);
  }
}

/** The documents of a backup that can be restored, without their namespace (they go to this service's); the others are named in `messages`. */
export function restorableDocuments(candidates: unknown[], messages: string[]): OwnDocument[] {
  const documents: OwnDocument[] = [];
  candidates.forEach((candidate, index) => {
    const validated = validateDto(DocumentDto, candidate, mainProblems);
    if (!validated.ok) {
      const id = (candidate as { id?: unknown })?.id;
      messages.push(`document ${typeof id === 'string' ? id : `#${index}`}: ${validated.problems.join('; ')}`);
      return;
    }
    const { namespace: _namespace, ...document } = candidate as DocumentDto;
    documents.push(document as OwnDocument);
  });
  return documents;
}
