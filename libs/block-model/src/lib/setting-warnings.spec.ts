import { settingWarnings } from './setting-warnings';

describe(settingWarnings.name, () => {
  it('warns that a PWM period of 0 s keeps the actuator on', () => {
    expect(settingWarnings('ActuatorPwm', { period: 0 })).toEqual({
      period: 'A period under 1 s keeps the actuator on at any duty above 0 %. Heaters usually take 4 s.',
    });
  });

  it('says nothing of a PWM period of some seconds, or of a period not yet typed', () => {
    expect(settingWarnings('ActuatorPwm', { period: 4, minSetting: 0, maxSetting: 100 })).toEqual({});
    expect(settingWarnings('ActuatorPwm', {})).toEqual({});
  });

  it('warns beside the maximum duty when it is below the minimum', () => {
    expect(Object.keys(settingWarnings('ActuatorPwm', { period: 4, minSetting: 60, maxSetting: 40 }))).toEqual([
      'maxSetting',
    ]);
  });

  it('warns that a PID with a proportional gain of 0 does nothing', () => {
    expect(Object.keys(settingWarnings('Pid', { kp: 0, ti: 7200 }))).toEqual(['kp']);
    expect(settingWarnings('Pid', { kp: 20 })).toEqual({});
  });

  it('has no warnings for a type without rules', () => {
    expect(settingWarnings('TempSensorMock', { setting: 0 })).toEqual({});
  });
});
