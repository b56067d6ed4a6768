import { BadRequestError, DocumentDto } from '@eventcast/domain';
import { ValidatedBodyPipe } from './validated-body.pipe';

describe(ValidatedBodyPipe.name, () => {
  const pipe = new ValidatedBodyPipe(DocumentDto);

  it('hands on a valid body exactly as sent', () => {
    const body = { namespace: 'a', id: 'b', nested: { x: [1, 2] } };
    expect(pipe.transform(body)).toBe(body);
  });

  it('refuses an invalid body as a bad request naming every problem', () => {
    let error: unknown;
    try {
      pipe.transform({ namespace: 'a b', id: '' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).problems).toEqual([
      'namespace must be letters, digits, _, -, ., ~ or :, or empty; at most 256 of them',
      'id must be letters, digits, _, -, . or ~, and not empty',
    ]);
  });
});
