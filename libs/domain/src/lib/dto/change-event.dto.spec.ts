import { validateDto } from '../validate-dto.util';
import { ChangeEventDto } from './change-event.dto';

describe(ChangeEventDto.name, () => {
  it('accepts the changed documents in full', () => {
    expect(
      validateDto(ChangeEventDto, { changed: [{ namespace: 'svc-global', id: 'units', temperature: 'degC' }] }).ok,
    ).toBe(true);
  });

  it('names a changed document with a bad id by its place in the list', () => {
    expect(
      validateDto(ChangeEventDto, {
        changed: [
          { namespace: 'a', id: 'ok' },
          { namespace: 'a', id: 'b c' },
        ],
      }),
    ).toEqual({
      ok: false,
      problems: ['changed.1.id must be letters, digits, _, -, . or ~, and not empty'],
    });
  });

  it('names a missing list of changes', () => {
    expect(validateDto(ChangeEventDto, {})).toEqual({ ok: false, problems: ['changed must be an array'] });
  });
});
