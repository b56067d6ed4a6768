import { validateDto } from '../validate-dto.util';
import { DeleteEventDto } from './delete-event.dto';

describe(DeleteEventDto.name, () => {
  it('accepts full keys, with and without a namespace', () => {
    expect(validateDto(DeleteEventDto, { deleted: ['svc-global:units', 'c'] }).ok).toBe(true);
  });

  it('names a key that is not a string', () => {
    expect(validateDto(DeleteEventDto, { deleted: [1] })).toEqual({
      ok: false,
      problems: ['deleted each value in deleted must be a string'],
    });
  });
});
