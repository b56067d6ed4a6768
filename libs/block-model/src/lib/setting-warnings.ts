/**
 * The numbers of a block's settings as a form shows them: by field name, times in seconds, an
 * empty or unreadable input left out.
 */
export type SettingNumbers = Readonly<Record<string, number | undefined>>;

interface WarningRule {
  field: string;
  applies: (numbers: SettingNumbers) => boolean;
  warning: string;
}

const below = (value: number | undefined, limit: number) => value !== undefined && value < limit;

/**
 * Settings the controller takes but that cannot work, per block type (docs/blocks.md,
 * "Settings that cannot work"): a warning, not a refusal, since the API accepts them.
 */
const RULES: Readonly<Record<string, readonly WarningRule[]>> = {
  ActuatorPwm: [
    {
      field: 'period',
      // The device cannot switch within one update (about a second): the actuator stays on.
      applies: ({ period }) => below(period, 1),
      warning: 'A period under 1 s keeps the actuator on at any duty above 0 %. Heaters usually take 4 s.',
    },
    {
      field: 'maxSetting',
      applies: ({ minSetting, maxSetting }) => minSetting !== undefined && below(maxSetting, minSetting),
      warning: 'The maximum duty is below the minimum: the duty stays at the minimum.',
    },
  ],
  Pid: [
    {
      field: 'kp',
      applies: ({ kp }) => kp === 0,
      warning: 'With a proportional gain of 0 the PID asks nothing of its output.',
    },
  ],
};

/** The warnings about settings of a block of type `typeName` that cannot work, by field name. */
export function settingWarnings(typeName: string, numbers: SettingNumbers): Record<string, string> {
  const warnings: Record<string, string> = {};
  for (const rule of RULES[typeName] ?? []) if (rule.applies(numbers)) warnings[rule.field] = rule.warning;
  return warnings;
}
