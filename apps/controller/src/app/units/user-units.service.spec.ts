import { Logger } from '@nestjs/common';
import { ServiceMetrics, ServiceReadiness } from '@eventcast/bootstrap';
import type { Datastore } from '../ports/datastore.port';
import { UserUnitsService } from './user-units.service';

describe(UserUnitsService.name, () => {
  afterEach(() => jest.restoreAllMocks());

  function unitsWithHealth() {
    const readiness = new ServiceReadiness(new ServiceMetrics());
    const units = new UserUnitsService({} as Datastore, readiness);
    const warnings = async () => (await readiness.check()).warnings;
    return { units, warnings };
  }

  it('uses degC for a temperature it cannot use, logs it once per value and names it in the health answer', async () => {
    const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation();
    const { units, warnings } = unitsWithHealth();
    const kelvin = 'svc-global:units: temperature "kelvin" is not degC or degF; temperatures are in degC';

    units.follow({ namespace: 'svc-global', id: 'units', temperature: 'kelvin' });
    units.follow({ namespace: 'svc-global', id: 'units', temperature: 'kelvin' });
    expect(units.temperature).toBe('degC');
    expect(await warnings()).toEqual([kelvin]);

    units.follow({ namespace: 'svc-global', id: 'units', temperature: 7 });
    units.follow({ namespace: 'svc-global', id: 'units', temperature: 'kelvin' });
    expect(warned.mock.calls.map(([line]) => line)).toEqual([
      kelvin,
      'svc-global:units: temperature 7 is not degC or degF; temperatures are in degC',
    ]);

    units.follow({ namespace: 'svc-global', id: 'units', temperature: 'degF' });
    expect(units.temperature).toBe('degF');
    expect(await warnings()).toBeUndefined();
  });

  it('warns of nothing when the document names no temperature or is deleted', async () => {
    const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation();
    const { units, warnings } = unitsWithHealth();
    units.follow({ namespace: 'svc-global', id: 'units' });
    units.follow(null);
    expect(await warnings()).toBeUndefined();
    expect(warned).not.toHaveBeenCalled();
  });
});
