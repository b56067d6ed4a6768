import { link as l, quantity as q } from '@eventcast/domain';
import { findBlockType } from './catalogue';
import { defaultData } from './defaults';

describe(defaultData.name, () => {
  it('gives a new block every field, with read-only quantities unknown until the controller computes them', () => {
    const type = findBlockType('SetpointSensorPair');
    expect(type && defaultData(type)).toEqual({
      enabled: false,
      sensorId: l('TempSensorInterface', null),
      storedSetting: q('degC', 0),
      setting: q('degC', null),
      value: q('degC', null),
      valueUnfiltered: q('degC', null),
      filter: 'FILTER_NONE',
      filterThreshold: q('delta_degC', 0),
      claimedBy: l('Any', null),
    });
  });

  it('gives the onboard pins their four unclaimed channels', () => {
    const type = findBlockType('OnboardPins');
    expect(type && defaultData(type)).toEqual({
      channels: [1, 2, 3, 4].map((id) => ({ id, claimedBy: l('Any', null) })),
      enableIoSupply12V: false,
    });
  });

  it('gives every call its own copy', () => {
    const type = findBlockType('OnboardPins');
    if (type === undefined) throw new Error('no OnboardPins');
    (defaultData(type)['channels'] as unknown[]).pop();
    expect(defaultData(type)['channels']).toHaveLength(4);
  });
});
