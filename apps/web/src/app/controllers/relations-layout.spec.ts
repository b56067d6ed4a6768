import { layoutRelations } from './relations-layout';

const link = (source: string, target: string, field = 'id') => ({ source, target, relation: [field] });

describe(layoutRelations.name, () => {
  it('places each linked block one column right of the furthest block linking to it', () => {
    const layout = layoutRelations([
      link('PID', 'Setpoint', 'inputId'),
      link('Setpoint', 'Sensor', 'sensorId'),
      link('PID', 'PWM', 'outputId'),
      link('PWM', 'Heater', 'actuatorId'),
      link('Heater', 'Pins', 'hwDevice'),
      link('Offset', 'Sensor', 'referenceId'),
    ]);

    expect(layout.blocks).toEqual([
      { id: 'PID', column: 0, row: 0 },
      { id: 'Setpoint', column: 1, row: 0 },
      { id: 'Sensor', column: 2, row: 0 },
      { id: 'PWM', column: 1, row: 1 },
      { id: 'Heater', column: 2, row: 1 },
      { id: 'Pins', column: 3, row: 0 },
      { id: 'Offset', column: 0, row: 1 },
    ]);
    expect(layout).toMatchObject({ columns: 4, rows: 2 });
  });

  it('places blocks that link in a circle without looping for ever', () => {
    const layout = layoutRelations([link('A', 'B'), link('B', 'A')]);

    expect(layout.blocks.map(({ id }) => id)).toEqual(['A', 'B']);
    expect(layout.columns).toBeLessThanOrEqual(2);
  });

  it('draws nothing without links', () => {
    expect(layoutRelations([])).toEqual({ blocks: [], columns: 0, rows: 0 });
  });
});
