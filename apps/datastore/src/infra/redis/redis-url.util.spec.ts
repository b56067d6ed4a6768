import { withoutPassword } from './redis-url.util';

describe(withoutPassword.name, () => {
  it('hides the password of a Redis URL and leaves the rest as given', () => {
    expect(withoutPassword('redis://:s3cret@cache:6379/1')).toBe('redis://:***@cache:6379/1');
    expect(withoutPassword('rediss://app:s3cret@cache:6380')).toBe('rediss://app:***@cache:6380');
    expect(withoutPassword('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
  });
});
