import type { Block } from '@eventcast/domain';
import type { ControllerView, Controllers } from '../controllers/controller-list';
import {
  actionProblems,
  actionState,
  applyProblems,
  applyReport,
  changesOf,
  holds,
  patchesByController,
  quickActionId,
  quickActionsOf,
  withChange,
  withoutChange,
  type BlockPatch,
} from './quick-actions';

const degC = (value: number | null) => ({ __objtype: 'Quantity', unit: 'degC', value });
const degF = (value: number | null) => ({ __objtype: 'Quantity', unit: 'degF', value });
const linkTo = (id: string | null) => ({ __objtype: 'Link', type: 'TempSensorInterface', id });

function setpoint(serviceId: string, id: string, data: Record<string, unknown>): Block {
  return { id, serviceId, type: 'SetpointSensorPair', data: { enabled: true, sensorId: linkTo('Sensor'), ...data } };
}

function controllersOf(...views: Partial<ControllerView>[]): Controllers {
  return new Map(
    views.map((view) => [
      view.id as string,
      { id: view.id as string, online: true, blocks: [], relations: [], ...view },
    ]),
  );
}

const beer: BlockPatch = {
  serviceId: 'fermenter',
  id: 'Beer setpoint',
  type: 'SetpointSensorPair',
  data: { storedSetting: degC(20) },
};
const cellar: BlockPatch = {
  serviceId: 'cellar',
  id: 'Cellar setpoint',
  type: 'SetpointSensorPair',
  data: { storedSetting: degC(12), enabled: true },
};

describe('building the patches of a quick action', () => {
  it('puts the changes of one block into one patch, a later value of a field replacing the earlier', () => {
    const change = { serviceId: 'fermenter', blockId: 'Beer setpoint', type: 'SetpointSensorPair' };
    let patches = withChange([], { ...change, field: 'storedSetting', value: degC(19) });
    patches = withChange(patches, { ...change, field: 'enabled', value: true });
    patches = withChange(patches, { ...change, field: 'storedSetting', value: degC(20) });
    patches = withChange(patches, { ...change, serviceId: 'cellar', field: 'enabled', value: false });
    expect(patches).toEqual([
      {
        serviceId: 'fermenter',
        id: 'Beer setpoint',
        type: 'SetpointSensorPair',
        data: { storedSetting: degC(20), enabled: true },
      },
      { serviceId: 'cellar', id: 'Beer setpoint', type: 'SetpointSensorPair', data: { enabled: false } },
    ]);
    expect(changesOf(patches).map(({ serviceId, field }) => `${serviceId} ${field}`)).toEqual([
      'fermenter storedSetting',
      'fermenter enabled',
      'cellar enabled',
    ]);
  });

  it('removes a change, and the patch of a block left with none', () => {
    const patches = withoutChange([beer, cellar], {
      serviceId: 'cellar',
      blockId: 'Cellar setpoint',
      field: 'enabled',
    });
    expect(patches).toEqual([beer, { ...cellar, data: { storedSetting: degC(12) } }]);
    expect(
      withoutChange(patches, { serviceId: 'fermenter', blockId: 'Beer setpoint', field: 'storedSetting' }),
    ).toEqual([{ ...cellar, data: { storedSetting: degC(12) } }]);
  });

  it('groups the patches by controller, in the order of the action', () => {
    const fridge = { ...beer, id: 'Fridge setpoint' };
    expect([...patchesByController([beer, cellar, fridge])]).toEqual([
      ['fermenter', [beer, fridge]],
      ['cellar', [cellar]],
    ]);
  });
});

describe('checking a quick action before it is saved', () => {
  it('asks for a name and a change', () => {
    expect(actionProblems(' ', [])).toEqual(['Give the quick action a name.', 'Add at least one change.']);
    expect(actionProblems('Cold crash', [beer, cellar])).toEqual([]);
  });

  it('names each value the block type refuses, as the controller would', () => {
    const pid: BlockPatch = {
      serviceId: 'fermenter',
      id: 'Heater PID',
      type: 'Pid',
      data: { ti: { __objtype: 'Quantity', unit: 'second', value: -5 } },
    };
    const wrongUnit = { ...beer, data: { storedSetting: { __objtype: 'Quantity', unit: 'second', value: 3 } } };
    expect(actionProblems('x', [pid, wrongUnit])).toEqual([
      'Heater PID on fermenter: data.ti must be at least 0 second',
      'Beer setpoint on fermenter: data.storedSetting has the unit second, which does not convert to degC',
    ]);
    expect(actionProblems('x', [{ ...beer, type: 'Teapot' }])).toEqual([
      'Beer setpoint on fermenter: Teapot is not a block type',
    ]);
  });
});

describe('whether a quick action is active', () => {
  it('is active when every patched value holds, and says which do not when not', () => {
    const holding = controllersOf(
      { id: 'fermenter', blocks: [setpoint('fermenter', 'Beer setpoint', { storedSetting: degC(20) })] },
      { id: 'cellar', blocks: [setpoint('cellar', 'Cellar setpoint', { storedSetting: degC(12), enabled: true })] },
    );
    expect(actionState({ patches: [beer, cellar] }, holding)).toEqual({ state: 'active' });
    const changed = controllersOf(
      { id: 'fermenter', blocks: [setpoint('fermenter', 'Beer setpoint', { storedSetting: degC(21) })] },
      { id: 'cellar', blocks: [setpoint('cellar', 'Cellar setpoint', { storedSetting: degC(12), enabled: false })] },
    );
    expect(actionState({ patches: [beer, cellar] }, changed)).toEqual({
      state: 'inactive',
      reason: 'Beer setpoint storedSetting is 21 °C, not 20 °C; Cellar setpoint enabled is no, not yes',
    });
  });

  it('compares quantities in the unit the controller sends, whatever unit the action was saved in', () => {
    expect(holds(degC(20), degF(68))).toBe(true);
    expect(holds(degF(69.8), degC(21))).toBe(true);
    // 21 degC entered in degF and sent back in degF: two conversions, and the rounding of each.
    expect(holds(degC(21), degF(((21 * 9) / 5 + 32 - 32) * (5 / 9) * (9 / 5) + 32))).toBe(true);
    expect(holds(degC(20), degF(68.1))).toBe(false);
    expect(holds(degC(20), { __objtype: 'Quantity', unit: 'delta_degC', value: 20 })).toBe(false);
    expect(holds(degC(null), degC(null))).toBe(true);
    expect(holds(degC(20), degC(null))).toBe(false);
    expect(holds(degC(20), 20)).toBe(false);
  });

  it('compares a link by the block it names, and other values as they are', () => {
    expect(holds('Sensor', linkTo('Sensor'))).toBe(true);
    expect(holds(null, linkTo(null))).toBe(true);
    expect(holds('Sensor', linkTo('Other'))).toBe(false);
    expect(holds('FILTER_15s', 'FILTER_15s')).toBe(true);
    expect(holds(true, false)).toBe(false);
    expect(holds(50, 50)).toBe(true);
  });

  it('is unknown while a controller it patches is offline or not seen, and inactive when a block is gone', () => {
    const fermenter = {
      id: 'fermenter',
      blocks: [setpoint('fermenter', 'Beer setpoint', { storedSetting: degC(20) })],
    };
    expect(actionState({ patches: [beer, cellar] }, controllersOf(fermenter))).toEqual({
      state: 'unknown',
      reason: 'cellar has not been seen on the bus',
    });
    expect(actionState({ patches: [beer, cellar] }, controllersOf(fermenter, { id: 'cellar', online: false }))).toEqual(
      {
        state: 'unknown',
        reason: 'cellar is offline',
      },
    );
    expect(actionState({ patches: [beer, cellar] }, controllersOf(fermenter, { id: 'cellar' }))).toEqual({
      state: 'inactive',
      reason: 'Cellar setpoint is not on cellar',
    });
  });
});

describe('applying a quick action', () => {
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
});

describe('quick action documents', () => {
  it('make an id of the name and list the documents that are quick actions, by name', () => {
    expect(quickActionId('Cold crash!', 36)).toBe('action-Cold-crash-10');
    const actions = quickActionsOf([
      { namespace: 'svc-ui-store:quick-actions', id: 'b', name: 'b', patches: [beer] },
      { namespace: 'svc-ui-store:quick-actions', id: 'odd', name: 'odd', patches: [{ id: 'x' }] },
      { namespace: 'svc-ui-store:quick-actions', id: 'none', name: 'none' },
      { namespace: 'svc-ui-store:quick-actions', id: 'a', name: 'A', patches: [] },
    ]);
    expect(actions.map(({ id }) => id)).toEqual(['a', 'b']);
  });
});
