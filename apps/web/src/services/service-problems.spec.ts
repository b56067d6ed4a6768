import { problemsByPath, problemsOf } from './service-problems';

describe(problemsByPath.name, () => {
  it("puts the service's problems about the body's own keys beside them, the others apart", () => {
    expect(problemsByPath(['id must start with a letter', 'idle is odd', 'type is unknown'], ['id', 'type'])).toEqual({
      id: ['id must start with a letter'],
      type: ['type is unknown'],
      '': ['idle is odd'],
    });
  });

  it('takes keys with a path, such as a document inside the body', () => {
    expect(problemsByPath(['value.id must be letters', 'value.idle is odd'], ['value.id'])).toEqual({
      'value.id': ['value.id must be letters'],
      '': ['value.idle is odd'],
    });
  });
});

describe(problemsOf.name, () => {
  const refused = new Response(null, { status: 413, statusText: 'Payload Too Large' });

  it('gives the message or the list of messages the service answered with', () => {
    expect(problemsOf(refused, { message: 'too large' })).toEqual(['too large']);
    expect(problemsOf(refused, { message: ['a is odd', 'b is odd'] })).toEqual(['a is odd', 'b is odd']);
  });

  it('gives the status when the answer carries no message', () => {
    expect(problemsOf(refused, undefined)).toEqual(['413 Payload Too Large']);
  });
});
