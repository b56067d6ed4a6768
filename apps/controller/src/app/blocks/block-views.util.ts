import {
  BlockType,
  findBlockType,
  TemperatureUnit,
  toLoggedData,
  toStoredData,
  toUserUnits,
} from '@eventcast/block-model';
import { Block, BlockIdentity } from '@eventcast/domain';
import { DeviceBlock } from '../ports/controller-device.port';

function typeOf(block: DeviceBlock): BlockType {
  const type = findBlockType(block.type);
  if (type === undefined) throw new Error(`the device holds ${block.id} of the unknown type ${block.type}`);
  return type;
}

/** What identifies a device block within the controller service `serviceId`. */
export function blockIdentity(serviceId: string, { id, nid, type }: DeviceBlock): BlockIdentity {
  return { id, nid, serviceId, type };
}

/** A block as a user reads it: all data, temperatures in the user's unit, and its meta when it has one. */
export function blockView(
  serviceId: string,
  block: DeviceBlock,
  unit: TemperatureUnit,
  meta?: Record<string, unknown>,
): Block {
  const view: Block = { ...blockIdentity(serviceId, block), data: toUserUnits(typeOf(block), block.data, unit) };
  if (meta !== undefined) view.meta = meta;
  return view;
}

/** A block with its logged data: what history events carry. */
export function loggedBlockView(serviceId: string, block: DeviceBlock, unit: TemperatureUnit): Block {
  return { ...blockIdentity(serviceId, block), data: toLoggedData(typeOf(block), block.data, unit) };
}

/** A block with its stored data, in the device's units: what backups hold. */
export function storedBlockView(serviceId: string, block: DeviceBlock): Block {
  return { ...blockIdentity(serviceId, block), data: toStoredData(typeOf(block), block.data) };
}
