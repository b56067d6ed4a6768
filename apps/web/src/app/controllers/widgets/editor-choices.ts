import { findBlockType } from '@eventcast/block-model';
import type { Block } from '@eventcast/domain';
import { controllersInOrder, type Controllers } from '../../../common/controller-list';

/**
 * What a widget's editor offers: the controllers online, in the order of their ids (and the one
 * chosen, online or not, so that a widget's editor shows what it has), and the blocks of the one
 * chosen by name, the user's blocks before the system's.
 */
export function editorChoices(controllers: Controllers, serviceId: string): { offered: string[]; blocks: Block[] } {
  const offered = controllersInOrder(controllers)
    .filter(({ id, online }) => online || id === serviceId)
    .map(({ id }) => id);
  const chosen = controllers.get(serviceId)?.blocks ?? [];
  const blocks = [...chosen].sort((a, b) => Number(isSystem(a)) - Number(isSystem(b)) || a.id.localeCompare(b.id));
  return { offered: serviceId === '' || offered.includes(serviceId) ? offered : [serviceId, ...offered], blocks };
}

function isSystem(block: Block): boolean {
  return findBlockType(block.type)?.system !== undefined;
}
