import { validateDto } from '../validate-dto.util';
import { HistoryEventDto } from './history-event.dto';

describe(HistoryEventDto.name, () => {
  it('accepts a key and a nested data object', () => {
    expect(validateDto(HistoryEventDto, { key: 'controller-1', data: { sensor: { value: 20.5 } } }).ok).toBe(true);
  });

  it('names a missing key and data that is not an object', () => {
    expect(validateDto(HistoryEventDto, { data: [1] })).toEqual({
      ok: false,
      problems: ['key should not be empty', 'key must be a string', 'data must be an object'],
    });
  });
});
