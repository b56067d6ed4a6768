// What the wizards' specs share: a fresh simulated controller's blocks as its all/read answers them.
import type { Block } from '@eventcast/domain';

const q = (unit: string, value: number | null) => ({ __objtype: 'Quantity', unit, value });
const any = (id: string | null) => ({ __objtype: 'Link', type: 'Any', id });

export const block = (id: string, type: string, data: Record<string, unknown> = {}): Block => ({
  id,
  serviceId: 'fermenter',
  type,
  data,
});

/** The system blocks, two discovered OneWire sensors and a DS2413, temperatures in `unit`. */
export function freshBlocks(unit: 'degC' | 'degF' = 'degC'): Block[] {
  const channels = (count: number) =>
    Array.from({ length: count }, (_, index) => ({ id: index + 1, claimedBy: any(null) }));
  return [
    block('SystemInfo', 'SysInfo', { tempUnit: unit === 'degF' ? 'TEMP_FAHRENHEIT' : 'TEMP_CELSIUS' }),
    block('OnboardPins', 'OnboardPins', { channels: channels(4) }),
    block('TempSensorOneWire-1', 'TempSensorOneWire', { value: q(unit, unit === 'degF' ? 68.4 : 20.125) }),
    block('TempSensorOneWire-2', 'TempSensorOneWire', { value: q(unit, null) }),
    block('DS2413-1', 'DS2413', { channels: channels(2) }),
  ];
}
