import { isLink, isQuantity } from '@eventcast/domain';
import { hardwareOf } from './controller-hardware';
import { fermentDefaults, fermentPlan, fermentProblems, type FermentAnswers } from './ferment-plan';
import { freshBlocks } from './wizard.fixtures';
import type { WizardPlan } from './wizard-plan';

const NOW = Date.UTC(2026, 10, 28);
const answers = (unit: 'degC' | 'degF' = 'degC', change: Partial<FermentAnswers> = {}) =>
  ({ ...fermentDefaults(hardwareOf(freshBlocks(unit))), ...change }) as Required<FermentAnswers>;
const byId = (plan: WizardPlan, id: string) => plan.blocks.find((block) => block.id === id)?.data ?? {};
const linkOf = (plan: WizardPlan, id: string, field: string) => {
  const value = byId(plan, id)[field];
  return isLink(value) ? value.id : undefined;
};

describe(fermentDefaults.name, () => {
  it("starts from the first two free sensors (air, beer) and pins (heater, cooler), beer mode at 20 °C in the user's unit", () => {
    expect(answers()).toEqual({
      prefix: 'Ferment',
      fridgeSensor: 'TempSensorOneWire-1',
      beerSensor: 'TempSensorOneWire-2',
      heater: { ioBlock: 'OnboardPins', channel: 1 },
      cooler: { ioBlock: 'OnboardPins', channel: 2 },
      setpoint: 20,
      mode: 'beer',
    });
    expect(answers('degF').setpoint).toBe(68);
  });
});

describe(fermentProblems.name, () => {
  it('has none for the defaults', () => {
    expect(fermentProblems(answers())).toEqual([]);
  });

  it('asks for a sensor and a pin each, a valid name and a temperature', () => {
    expect(
      fermentProblems({
        ...answers(),
        prefix: '1st',
        beerSensor: 'TempSensorOneWire-1',
        cooler: { ioBlock: 'OnboardPins', channel: 1 },
        setpoint: NaN,
      }),
    ).toEqual([
      'The name must start with a letter, then letters, digits, space, _, -, (, ) or |.',
      'The fridge and the beer need a sensor each.',
      'The heater and the cooler need a pin each.',
      'Give the temperature to keep.',
    ]);
    expect(fermentProblems({ ...answers(), fridgeSensor: '', heater: undefined })).toEqual([
      'Choose a sensor for the fridge and one for the beer.',
      'Choose a pin for the heater and one for the cooler.',
    ]);
  });
});

describe(fermentPlan.name, () => {
  const plan = fermentPlan('fermenter', answers(), 'degC', NOW);

  it('creates each block after the blocks it links to, every name starting with the prefix', () => {
    const existing = new Set(freshBlocks().map(({ id }) => id));
    for (const block of plan.blocks) {
      const targets = Object.values(block.data).flatMap((value) => (isLink(value) && value.id ? [value.id] : []));
      expect({ block: block.id, missing: targets.filter((id) => !existing.has(id)) }).toEqual({
        block: block.id,
        missing: [],
      });
      existing.add(block.id);
    }
    expect(plan.blocks.map(({ id }) => id)).toEqual([
      'Ferment fridge setpoint',
      'Ferment beer setpoint',
      'Ferment heater',
      'Ferment cooler',
      'Ferment heat PWM',
      'Ferment cool PWM',
      'Ferment beer offset',
      'Ferment heat PID',
      'Ferment cool PID',
      'Ferment beer PID',
    ]);
  });

  it('links the chain: sensors to setpoints, PIDs to PWMs to the pins, and the beer PID through the offset to the fridge setpoint', () => {
    expect(linkOf(plan, 'Ferment fridge setpoint', 'sensorId')).toBe('TempSensorOneWire-1');
    expect(linkOf(plan, 'Ferment beer setpoint', 'sensorId')).toBe('TempSensorOneWire-2');
    expect(byId(plan, 'Ferment heater')).toMatchObject({ hwDevice: { id: 'OnboardPins' }, channel: 1 });
    expect(byId(plan, 'Ferment cooler')).toMatchObject({ hwDevice: { id: 'OnboardPins' }, channel: 2 });
    expect(linkOf(plan, 'Ferment heat PWM', 'actuatorId')).toBe('Ferment heater');
    expect(linkOf(plan, 'Ferment cool PWM', 'actuatorId')).toBe('Ferment cooler');
    expect([linkOf(plan, 'Ferment heat PID', 'inputId'), linkOf(plan, 'Ferment heat PID', 'outputId')]).toEqual([
      'Ferment fridge setpoint',
      'Ferment heat PWM',
    ]);
    expect([linkOf(plan, 'Ferment cool PID', 'inputId'), linkOf(plan, 'Ferment cool PID', 'outputId')]).toEqual([
      'Ferment fridge setpoint',
      'Ferment cool PWM',
    ]);
    expect([linkOf(plan, 'Ferment beer PID', 'inputId'), linkOf(plan, 'Ferment beer PID', 'outputId')]).toEqual([
      'Ferment beer setpoint',
      'Ferment beer offset',
    ]);
    expect([
      linkOf(plan, 'Ferment beer offset', 'targetId'),
      linkOf(plan, 'Ferment beer offset', 'referenceId'),
    ]).toEqual(['Ferment fridge setpoint', 'Ferment beer setpoint']);
  });

  it('heats with a positive gain and cools with a negative one, and protects the compressor', () => {
    expect(byId(plan, 'Ferment heat PID')['kp']).toEqual({ __objtype: 'Quantity', unit: '1 / degC', value: 20 });
    expect(byId(plan, 'Ferment cool PID')['kp']).toEqual({ __objtype: 'Quantity', unit: '1 / degC', value: -20 });
    expect(byId(plan, 'Ferment cooler')['minOffTime']).toEqual({ __objtype: 'Quantity', unit: 'second', value: 300 });
  });

  it('enables the beer PID and the offset in beer mode only', () => {
    const fridge = fermentPlan('fermenter', answers('degC', { mode: 'fridge' }), 'degC', NOW);
    const enabled = (of: WizardPlan) => of.blocks.filter(({ data }) => data['enabled'] === true).map(({ id }) => id);

    expect(enabled(plan)).toContain('Ferment beer PID');
    expect(enabled(plan)).toContain('Ferment beer offset');
    expect(enabled(fridge)).not.toContain('Ferment beer PID');
    expect(enabled(fridge)).not.toContain('Ferment beer offset');
    expect(enabled(fridge)).toContain('Ferment heat PID');
  });

  it("writes the setpoints and names the quick actions in the user's unit", () => {
    const inF = fermentPlan('fermenter', answers('degF'), 'degF', NOW);

    expect(byId(inF, 'Ferment beer setpoint')['storedSetting']).toEqual({
      __objtype: 'Quantity',
      unit: 'degF',
      value: 68,
    });
    expect(inF.actions.map(({ name }) => name)).toEqual([
      'Ferment: Fridge mode 68 °F',
      'Ferment: Beer mode 68 °F',
      'Ferment: Cold crash 35.6 °F',
      'Ferment: All off',
    ]);
  });

  it('switches modes with quick actions on the chain, each patch naming its block and type', () => {
    const [fridgeMode, beerMode, coldCrash, allOff] = plan.actions;
    const patched = (action: (typeof plan.actions)[number]) =>
      Object.fromEntries(action.patches.map(({ id, data }) => [id, data]));

    expect(patched(fridgeMode)).toMatchObject({
      'Ferment beer PID': { enabled: false },
      'Ferment beer offset': { enabled: false },
      'Ferment fridge setpoint': { enabled: true, storedSetting: { unit: 'degC', value: 20 } },
      'Ferment heat PID': { enabled: true },
      'Ferment cool PID': { enabled: true },
    });
    expect(patched(beerMode)).toMatchObject({
      'Ferment beer setpoint': { storedSetting: { value: 20 } },
      'Ferment beer offset': { enabled: true },
      'Ferment beer PID': { enabled: true },
    });
    expect(patched(coldCrash)['Ferment beer setpoint']).toMatchObject({ storedSetting: { value: 2 } });
    expect(Object.values(patched(allOff))).toEqual([
      { enabled: false },
      { enabled: false },
      { enabled: false },
      { enabled: false },
    ]);
    for (const { patches } of plan.actions)
      for (const patch of patches) expect(patch.type).toBe(plan.blocks.find(({ id }) => id === patch.id)?.type);
    expect(new Set(plan.actions.map(({ id }) => id)).size).toBe(4);
  });

  it('shows every block of the chain on the dashboard, with its quick actions and a graph of the temperatures and duties', () => {
    const widgets = plan.dashboard.widgets;
    const blockIds = widgets.flatMap(({ config }) => (config.kind === 'block' ? [config.blockId] : []));
    const graph = widgets.find(({ config }) => config.kind === 'graph')?.config;

    expect(plan.dashboard.title).toBe('Ferment');
    expect([...blockIds].sort()).toEqual(plan.blocks.map(({ id }) => id).sort());
    expect(widgets.find(({ config }) => config.kind === 'quick-actions')?.config).toEqual({
      kind: 'quick-actions',
      actionIds: plan.actions.map(({ id }) => id),
    });
    expect(new URLSearchParams(graph?.kind === 'graph' ? graph.query : '').getAll('f')).toEqual([
      'fermenter/Ferment beer setpoint/value[degC]',
      'fermenter/Ferment beer setpoint/setting[degC]',
      'fermenter/Ferment fridge setpoint/value[degC]',
      'fermenter/Ferment fridge setpoint/setting[degC]',
      'fermenter/Ferment heat PWM/value',
      'fermenter/Ferment cool PWM/value',
    ]);
  });

  it('sends only quantities and links the controller can check', () => {
    for (const { data } of plan.blocks)
      for (const value of Object.values(data))
        if (typeof value === 'object' && value !== null) expect(isLink(value) || isQuantity(value)).toBe(true);
  });
});
