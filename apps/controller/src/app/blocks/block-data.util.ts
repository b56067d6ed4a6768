import { BlockData, BlockType, normaliseWrite, TemperatureUnit } from '@eventcast/block-model';

/** The system info block's `tempUnit`, which follows the user's temperature unit. */
export function tempUnitSetting(unit: TemperatureUnit): string {
  return unit === 'degF' ? 'TEMP_FAHRENHEIT' : 'TEMP_CELSIUS';
}

/**
 * Written data as the device takes it (see `normaliseWrite`); the system info block's `tempUnit`
 * is the user's unit whatever was written. Without `resolveLink`, links are checked for their
 * shape only. Throws `BlockDataError`.
 */
export function normaliseBlockData(
  type: BlockType,
  data: unknown,
  userUnit: TemperatureUnit,
  resolveLink?: (id: string) => string | undefined,
): BlockData {
  const normalised = normaliseWrite(type, data, { userUnit, resolveLink });
  if (type.name === 'SysInfo') normalised.tempUnit = tempUnitSetting(userUnit);
  return normalised;
}
