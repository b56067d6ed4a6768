import { unitsDocumentIn, userUnitIn } from './user-unit';

describe(userUnitIn.name, () => {
  it('reads the temperature unit the document asks for, degC when it asks for none or for one unknown', () => {
    expect(userUnitIn({ namespace: 'svc-global', id: 'units', temperature: 'degF' })).toBe('degF');
    expect(userUnitIn({ namespace: 'svc-global', id: 'units', temperature: 'kelvin' })).toBe('degC');
    expect(userUnitIn(null)).toBe('degC');
  });
});

describe(unitsDocumentIn.name, () => {
  it('finds the units document among changed documents, and its deletion', () => {
    const units = { namespace: 'svc-global', id: 'units', temperature: 'degF' };
    expect(unitsDocumentIn({ changed: [{ namespace: 'svc-global', id: 'other' }, units] })).toBe(units);
    expect(unitsDocumentIn({ deleted: ['svc-global:units'] })).toBeNull();
  });

  it('passes over events about other documents', () => {
    expect(unitsDocumentIn({ changed: [{ namespace: 'svc-global:units', id: 'x' }] })).toBeUndefined();
    expect(unitsDocumentIn({ deleted: ['svc-global:other'] })).toBeUndefined();
  });
});
