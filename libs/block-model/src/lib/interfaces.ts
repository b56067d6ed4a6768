/** What a link field accepts as target: a block type implementing the interface (`Any`: every type). */
export const BLOCK_INTERFACES = [
  'TempSensorInterface',
  'SetpointSensorPairInterface',
  'ActuatorAnalogInterface',
  'ActuatorDigitalInterface',
  'IoArrayInterface',
  'Any',
] as const;

export type BlockInterface = (typeof BLOCK_INTERFACES)[number];

/** The interface every block type implements. */
export const ANY_INTERFACE: BlockInterface = 'Any';
