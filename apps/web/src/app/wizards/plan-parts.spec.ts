import { chainDashboard, fromCelsius, graphQuery, prefixProblem, quickAction, temperatureWords } from './plan-parts';

describe(prefixProblem.name, () => {
  it('takes a name that starts every block name well', () => {
    expect(prefixProblem('Ferment 2 (IPA)')).toBe('');
  });

  it.each([
    ['', 'Give the setup a name.'],
    ['  ', 'Give the setup a name.'],
    ['2nd fridge', 'The name must start with a letter, then letters, digits, space, _, -, (, ) or |.'],
    ['Fridge/1', 'The name must start with a letter, then letters, digits, space, _, -, (, ) or |.'],
    ['F'.repeat(181), 'The name must be at most 180 characters.'],
  ])('refuses %j: %s', (prefix, problem) => {
    expect(prefixProblem(prefix)).toBe(problem);
  });
});

describe(fromCelsius.name, () => {
  it('gives a temperature in the user unit, to a tenth', () => {
    expect([fromCelsius(2, 'degC'), fromCelsius(2, 'degF'), fromCelsius(20, 'degF')]).toEqual([2, 35.6, 68]);
  });
});

describe(temperatureWords.name, () => {
  it('says a temperature without trailing zeros, with its unit', () => {
    expect([temperatureWords(20, 'degC'), temperatureWords(35.6, 'degF'), temperatureWords(19.25, 'degC')]).toEqual([
      '20 °C',
      '35.6 °F',
      '19.3 °C',
    ]);
  });
});

describe(graphQuery.name, () => {
  it("writes the explorer's query of the fields with their labels over the last day", () => {
    const query = graphQuery('cellar 1', [
      { blockId: 'Beer setpoint', field: 'value[degC]', label: 'Beer' },
      { blockId: 'Heat PWM', field: 'value', label: 'Heater duty' },
    ]);

    const read = new URLSearchParams(query);
    expect(read.getAll('f')).toEqual(['cellar 1/Beer setpoint/value[degC]', 'cellar 1/Heat PWM/value']);
    expect(read.getAll('label')).toEqual(['Beer', 'Heater duty']);
    expect(read.get('range')).toBe('1d');
  });
});

describe(chainDashboard.name, () => {
  it('puts the graph and the quick actions on top and the blocks three to a row below, inside the grid', () => {
    const action = quickAction('Off', [], 0);
    const dashboard = chainDashboard(
      { title: 'Ferment', serviceId: 'cellar', graph: [], actions: [action], blockIds: ['A', 'B', 'C', 'D'] },
      Date.UTC(2026, 0, 1),
    );

    expect(dashboard).toMatchObject({ namespace: 'svc-ui-store:dashboards', title: 'Ferment' });
    expect(dashboard.id).toMatch(/^dashboard-Ferment-/);
    expect(dashboard.widgets.map(({ config }) => config.kind)).toEqual([
      'graph',
      'quick-actions',
      'block',
      'block',
      'block',
      'block',
    ]);
    expect(dashboard.widgets[1].config).toEqual({ kind: 'quick-actions', actionIds: [action.id] });
    expect(dashboard.widgets.map(({ place }) => [place.x, place.y])).toEqual([
      [0, 0],
      [8, 0],
      [0, 5],
      [4, 5],
      [8, 5],
      [0, 8],
    ]);
    expect(dashboard.widgets.every(({ place }) => place.x + place.w <= 12)).toBe(true);
    expect(new Set(dashboard.widgets.map(({ id }) => id)).size).toBe(dashboard.widgets.length);
  });
});
