import { Logger } from '@nestjs/common';
import { BadRequestError, StoreUnavailableError } from '@eventcast/domain';
import { wsErrorFrame } from './ws-error-frame';

describe(wsErrorFrame.name, () => {
  afterEach(() => jest.restoreAllMocks());

  it('sends the reason of a domain error with the id of the command', () => {
    expect(wsErrorFrame(new BadRequestError('query.points must be an integer'), 'q1')).toEqual({
      id: 'q1',
      error: 'query.points must be an integer',
    });
  });

  it('joins the problems of a bad request into one reason', () => {
    expect(wsErrorFrame(new BadRequestError(['query.fields must be an array', 'query.start is not a time']))).toEqual({
      error: 'query.fields must be an array; query.start is not a time',
    });
  });

  it('sends no id when the message had none', () => {
    expect(wsErrorFrame(new StoreUnavailableError('the time-series store could not answer'))).toEqual({
      error: 'the time-series store could not answer',
    });
  });

  it('sends an unexpected failure as an internal error and logs it with its stack', () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation();
    const bug = new TypeError('x is undefined');
    expect(wsErrorFrame(bug, 'q2')).toEqual({ id: 'q2', error: 'internal error' });
    expect(logged).toHaveBeenCalledWith('a command (id q2) failed unexpectedly', bug.stack);
  });
});
