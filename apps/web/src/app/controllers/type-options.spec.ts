import { CREATABLE_TYPES, typeOptions } from './type-options';

describe(typeOptions.name, () => {
  it("offers block types by their titles, in the titles' order, each sending the API's type name", () => {
    expect(typeOptions(['SetpointSensorPair', 'Pid', 'TempSensorMock'])).toEqual([
      { value: 'Pid', label: 'PID controller' },
      { value: 'SetpointSensorPair', label: 'Setpoint' },
      { value: 'TempSensorMock', label: 'Simulated temperature sensor' },
    ]);
  });

  it('offers every type of the catalogue for a new block but those of the system blocks', () => {
    const values = CREATABLE_TYPES.map(({ value }) => value);
    expect(values).toContain('SetpointSensorPair');
    expect(values).not.toContain('SysInfo');
    expect(values).not.toContain('OnboardPins');
    expect(CREATABLE_TYPES.map(({ label }) => label)).not.toContain('SetpointSensorPair');
  });
});
