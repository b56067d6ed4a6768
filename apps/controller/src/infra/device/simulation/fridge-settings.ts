import { ChannelAddress, DEFAULT_FRIDGE, FridgeSettings } from './fridge-model';

const NUMBERS = [
  'ambientDegC',
  'airJoulesPerKelvin',
  'beerJoulesPerKelvin',
  'wallWattsPerKelvin',
  'beerWattsPerKelvin',
  'heaterWatts',
  'coolerWatts',
] as const;
const SENSORS = ['airSensor', 'beerSensor'] as const;
const CHANNELS = ['heater', 'cooler'] as const;
const ONEWIRE_ADDRESS = /^[0-9A-Fa-f]{16}$/;

function numberProblem(key: (typeof NUMBERS)[number], value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return `${key} must be a number`;
  if (key !== 'ambientDegC' && value < 0) return `${key} must be 0 or more`;
  if (key.endsWith('JoulesPerKelvin') && value === 0) return `${key} must be more than 0`;
  return undefined;
}

function channelProblem(key: (typeof CHANNELS)[number], value: unknown): string | undefined {
  const { ioBlock, channel } = (value ?? {}) as Partial<ChannelAddress>;
  return typeof ioBlock === 'string' && Number.isInteger(channel) && (channel as number) >= 1
    ? undefined
    : `${key} must be {"ioBlock": "<IO block id>", "channel": <1 or more>}`;
}

function problemsOf(given: Record<string, unknown>): string[] {
  const known: readonly string[] = [...NUMBERS, ...SENSORS, ...CHANNELS];
  return [
    ...Object.keys(given)
      .filter((key) => !known.includes(key))
      .map((key) => `${key} is not a setting of the fridge (${known.join(', ')})`),
    ...NUMBERS.filter((key) => key in given).map((key) => numberProblem(key, given[key])),
    ...SENSORS.filter((key) => key in given && !ONEWIRE_ADDRESS.test(String(given[key]))).map(
      (key) => `${key} must be a OneWire address of 16 hexadecimal digits`,
    ),
    ...CHANNELS.filter((key) => key in given).map((key) => channelProblem(key, given[key])),
  ].filter((problem): problem is string => problem !== undefined);
}

/**
 * The fridge `SIM_FRIDGE` configures: none when unset or `off`, the default fridge for `on`, and
 * for a JSON object the default fridge with the settings it gives. Throws, naming every problem, on
 * anything else.
 */
export function parseFridgeSettings(raw: string | undefined): FridgeSettings | undefined {
  if (raw === undefined || raw === '' || raw === 'off') return undefined;
  if (raw === 'on') return DEFAULT_FRIDGE;
  let given: unknown;
  try {
    given = JSON.parse(raw);
  } catch {
    throw new Error('must be on, off, or a JSON object of fridge settings');
  }
  if (typeof given !== 'object' || given === null || Array.isArray(given))
    throw new Error('must be on, off, or a JSON object of fridge settings');
  const problems = problemsOf(given as Record<string, unknown>);
  if (problems.length > 0) throw new Error(problems.join('; '));
  return { ...DEFAULT_FRIDGE, ...(given as Partial<FridgeSettings>) };
}
