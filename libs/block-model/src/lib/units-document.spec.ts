import { temperatureUnitOf, unitsDocumentIn } from './units-document';

describe(temperatureUnitOf.name, () => {
  it('takes degC or degF from the units document, and degC for anything else', () => {
    expect(temperatureUnitOf({ namespace: 'svc-global', id: 'units', temperature: 'degF' })).toBe('degF');
    expect(temperatureUnitOf({ temperature: 'degC' })).toBe('degC');
    expect(temperatureUnitOf({ temperature: 'kelvin' })).toBe('degC');
    expect(temperatureUnitOf(null)).toBe('degC');
  });
});

describe(unitsDocumentIn.name, () => {
  const units = { namespace: 'svc-global', id: 'units', temperature: 'degF' };

  it('finds the units document among the changed documents', () => {
    expect(unitsDocumentIn({ changed: [{ namespace: 'svc-global', id: 'other' }, units] })).toBe(units);
  });

  it('reads a deletion of svc-global:units as null', () => {
    expect(unitsDocumentIn({ deleted: ['svc-global:units'] })).toBeNull();
  });

  it('ignores events about other documents and payloads that are not events', () => {
    expect(unitsDocumentIn({ changed: [{ namespace: 'svc-global:x', id: 'units' }] })).toBeUndefined();
    expect(unitsDocumentIn({ deleted: ['svc-global:other'] })).toBeUndefined();
    expect(unitsDocumentIn('not json')).toBeUndefined();
    expect(unitsDocumentIn({ changed: [null, 3] })).toBeUndefined();
  });
});
