import { applyProblems, applyReport, patchesByController, reportLine } from './apply-plan';
import { beer, cellar, controllersOf } from './quick-action.fixtures';

describe('applying a quick action', () => {
  it('groups the patches by controller, in the order of the action', () => {
    const fridge = { ...beer, id: 'Fridge setpoint' };
    expect([...patchesByController([beer, cellar, fridge])]).toEqual([
      ['fermenter', [beer, fridge]],
      ['cellar', [cellar]],
    ]);
  });

  it('finds what keeps it from applying before anything is sent', () => {
    const controllers = controllersOf(
      { id: 'fermenter', blocks: [{ id: 'Beer setpoint', serviceId: 'fermenter', type: 'TempSensorMock', data: {} }] },
      { id: 'cellar', online: false },
    );
    expect(applyProblems({ patches: [beer, cellar, { ...beer, serviceId: 'attic' }] }, controllers)).toEqual([
      'Beer setpoint on fermenter is a TempSensorMock, not a SetpointSensorPair',
      'cellar is offline',
      'attic has not been seen on the bus',
    ]);
    expect(applyProblems({ patches: [{ ...beer, id: 'Gone' }] }, controllers)).toEqual(['Gone is not on fermenter']);
  });

  it("reports per controller the blocks patched and those refused, with the service's message", () => {
    const fridge = { ...beer, id: 'Fridge setpoint' };
    expect(
      applyReport([
        { patch: beer },
        { patch: cellar, problems: ['data.storedSetting must be a Quantity'] },
        { patch: fridge },
      ]),
    ).toEqual([
      { serviceId: 'fermenter', applied: ['Beer setpoint', 'Fridge setpoint'], failed: [] },
      {
        serviceId: 'cellar',
        applied: [],
        failed: [{ blockId: 'Cellar setpoint', problems: ['data.storedSetting must be a Quantity'] }],
      },
    ]);
  });

  it("words each controller's line: the blocks patched, then each refused with its message", () => {
    expect(reportLine({ serviceId: 'fermenter', applied: ['A', 'B'], failed: [] })).toBe('fermenter: patched A, B.');
    expect(
      reportLine({
        serviceId: 'cellar',
        applied: [],
        failed: [{ blockId: 'C', problems: ['data.x is bad', 'data.y too'] }],
      }),
    ).toBe('cellar: C not patched: data.x is bad; data.y too.');
    expect(
      reportLine({ serviceId: 'attic', applied: ['A'], failed: [{ blockId: 'C', problems: ['404 Not Found'] }] }),
    ).toBe('attic: patched A. C not patched: 404 Not Found.');
  });
});
