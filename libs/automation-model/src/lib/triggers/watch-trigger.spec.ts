import { interestOf } from './watch-trigger';

describe(interestOf.name, () => {
  it('routes a field trigger its field, a controller trigger its controller, a schedule only ticks', () => {
    const field = 'fermenter/Beer/temp[degC]';
    expect(interestOf({ type: 'threshold', field, when: 'above', threshold: { value: 22 } })).toEqual({
      fields: [field],
      serviceIds: [],
    });
    expect(interestOf({ type: 'stale', field, forS: 60 })).toEqual({ fields: [field], serviceIds: [] });
    expect(interestOf({ type: 'offline', serviceId: 'fermenter' })).toEqual({ fields: [], serviceIds: ['fermenter'] });
    expect(interestOf({ type: 'block', serviceId: 'fermenter', blockId: 'Cooler', path: 'state', equals: 1 })).toEqual({
      fields: [],
      serviceIds: ['fermenter'],
    });
    expect(interestOf({ type: 'schedule', cron: '0 8 * * *' })).toEqual({ fields: [], serviceIds: [] });
  });
});
