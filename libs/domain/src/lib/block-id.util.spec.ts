import { BLOCK_ID_MAX_LENGTH, isValidBlockId } from './block-id.util';

describe(isValidBlockId.name, () => {
  it.each(['a', 'Fridge sensor (1)', 'PID|heater_2-b', 'Température', 'a'.repeat(BLOCK_ID_MAX_LENGTH)])(
    'accepts a letter followed by letters, digits, space, _ - ( ) |: %p',
    (id) => {
      expect(isValidBlockId(id)).toBe(true);
    },
  );

  it.each(['', '1st', ' a', '(a)', 'a/b', 'a:b', 'a.b', 'a\tb'])(
    'rejects a name without a leading letter or with another character: %p',
    (id) => {
      expect(isValidBlockId(id)).toBe(false);
    },
  );

  it('rejects a name longer than 200 characters, and a name that is not a string', () => {
    expect(isValidBlockId('a'.repeat(201))).toBe(false);
    expect(isValidBlockId(7)).toBe(false);
  });
});
