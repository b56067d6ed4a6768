import { BadRequestError, DomainError, NotFoundError } from './domain-errors';

describe(DomainError.name, () => {
  it('keeps every problem and names them all in its message', () => {
    const error = new BadRequestError(['data.kp must be a number', 'data.ti must be a duration']);
    expect(error.problems).toEqual(['data.kp must be a number', 'data.ti must be a duration']);
    expect(error.message).toBe('data.kp must be a number; data.ti must be a duration');
  });

  it('is named after its class in logs and stacks', () => {
    expect(String(new NotFoundError('id: there is no block named X'))).toBe(
      'NotFoundError: id: there is no block named X',
    );
  });
});
