/** A piece of hardware plugged into the simulated controller, which discovery finds. */
export interface SimulatedHardware {
  /** The block type discovery creates for it. */
  type: 'TempSensorOneWire' | 'DS2413';
  /** Its OneWire address: 16 hexadecimal digits. */
  address: string;
}

/** What the simulated controller has plugged in unless told otherwise. */
export const DEFAULT_HARDWARE: readonly SimulatedHardware[] = [
  { type: 'TempSensorOneWire', address: '28C80E9A0300009D' },
  { type: 'TempSensorOneWire', address: '28FF4A1B2C3D0042' },
  { type: 'DS2413', address: '3A2F1E0D00000017' },
];
