import { BadRequestException } from '@nestjs/common';
import { DocumentDto } from '@eventcast/domain';
import { ValidatedBodyPipe } from './validated-body.pipe';

describe(ValidatedBodyPipe.name, () => {
  const pipe = new ValidatedBodyPipe(DocumentDto);

  it('hands on a valid body exactly as sent', () => {
    const body = { namespace: 'a', id: 'b', nested: { x: [1, 2] } };
    expect(pipe.transform(body)).toBe(body);
  });

  it('answers 400 naming every problem', () => {
    let error: unknown;
    try {
      pipe.transform({ namespace: 'a b', id: '' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(BadRequestException);
    expect((error as BadRequestException).getResponse()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: ['namespace must be letters, digits, _, -, ., ~ or :, or empty', 'id must be letters, digits, _, -, . or ~, and not empty'],
    });
  });
});
