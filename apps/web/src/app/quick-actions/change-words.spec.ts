import { fieldLabel, fieldValueText } from '../../common/field-words';
import { changeLine } from './change-words';
import { degC } from './quick-action.fixtures';

describe('a change of a quick action in the words of the block form', () => {
  it('names a field by its label from the catalogue, not by the name the API gives it', () => {
    expect(fieldLabel('SetpointSensorPair', 'storedSetting')).toBe('Setpoint');
    expect(fieldLabel('DigitalActuator', 'storedState')).toBe('State setting');
    expect(fieldLabel('Unknown', 'flux')).toBe('flux');
  });

  it('reads a value rounded with its unit, an enum value by its label, a link by its block', () => {
    expect(fieldValueText('SetpointSensorPair', 'storedSetting', degC(20.123456))).toBe('20.12 °C');
    expect(fieldValueText('ActuatorPwm', 'storedSetting', 50)).toBe('50.0 %');
    expect(fieldValueText('DigitalActuator', 'storedState', 'STATE_ACTIVE')).toBe('On');
    expect(fieldValueText('SetpointSensorPair', 'filter', 'FILTER_3m')).toBe('3 minutes');
    expect(fieldValueText('SetpointSensorPair', 'sensorId', 'Beer sensor')).toBe('Beer sensor');
    expect(fieldValueText('SetpointSensorPair', 'enabled', false)).toBe('no');
    expect(fieldValueText('SetpointSensorPair', 'sensorId', null)).toBe('not set');
  });

  it('reads one change as its list shows it', () => {
    expect(
      changeLine({
        serviceId: 'fermenter',
        blockId: 'Beer setpoint',
        type: 'SetpointSensorPair',
        field: 'filterThreshold',
        value: { __objtype: 'Quantity', unit: 'delta_degF', value: 1.8 },
      }),
    ).toBe('fermenter · Beer setpoint · Filter bypass = 1.80 Δ°F');
  });
});
