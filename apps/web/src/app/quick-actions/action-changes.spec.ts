import { actionProblems, changesOf, withChange, withoutChange } from './action-changes';
import type { BlockPatch } from '../../common/quick-action';
import { beer, cellar, degC } from './quick-action.fixtures';

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
});

describe('checking a quick action before it is saved', () => {
  it('asks for a name and a change', () => {
    expect(actionProblems(' ', [])).toEqual(['Give the quick action a name.', 'Add at least one change.']);
    expect(actionProblems('Cold crash', [beer, cellar])).toEqual([]);
  });

  it('names each value the block type refuses, as the controller would, in the words of the block form', () => {
    const pid: BlockPatch = {
      serviceId: 'fermenter',
      id: 'Heater PID',
      type: 'Pid',
      data: { ti: { __objtype: 'Quantity', unit: 'second', value: -5 } },
    };
    const wrongUnit = { ...beer, data: { storedSetting: { __objtype: 'Quantity', unit: 'second', value: 3 } } };
    expect(actionProblems('x', [pid, wrongUnit])).toEqual([
      'Heater PID on fermenter: Integral time must be at least 0 s',
      'Beer setpoint on fermenter: Setpoint has the unit second, which does not convert to degC',
    ]);
    expect(actionProblems('x', [{ ...beer, type: 'Teapot' }])).toEqual([
      'Beer setpoint on fermenter: Teapot is not a block type',
    ]);
  });
});
