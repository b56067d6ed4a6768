import { validateDto } from '../validate-dto.util';
import { DocumentDto } from './document.dto';

describe(DocumentDto.name, () => {
  it('accepts a document with free further fields', () => {
    expect(
      validateDto(DocumentDto, {
        namespace: 'controller-service:controller-1',
        id: 'Fridge_sensor',
        meta: { colour: 'blue' },
      }).ok,
    ).toBe(true);
  });

  it('accepts the empty namespace', () => {
    expect(validateDto(DocumentDto, { namespace: '', id: 'a' }).ok).toBe(true);
  });

  it('names an empty id', () => {
    expect(validateDto(DocumentDto, { namespace: '', id: '' })).toEqual({
      ok: false,
      problems: ['id must be letters, digits, _, -, . or ~, and not empty'],
    });
  });

  it('names a namespace with a character outside the pattern', () => {
    expect(validateDto(DocumentDto, { namespace: 'svc/global', id: 'units' })).toEqual({
      ok: false,
      problems: ['namespace must be letters, digits, _, -, ., ~ or :, or empty; at most 256 of them'],
    });
  });

  it('names a missing namespace', () => {
    expect(validateDto(DocumentDto, { id: 'units' })).toEqual({
      ok: false,
      problems: [
        'namespace must be letters, digits, _, -, ., ~ or :, or empty; at most 256 of them',
        'namespace must be a string',
      ],
    });
  });
});
