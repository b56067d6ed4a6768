import { waitFor } from './wait-for';

describe(waitFor.name, () => {
  it('answers the first value the probe gives that is neither undefined nor false', async () => {
    let calls = 0;
    await expect(waitFor('the third call', () => (++calls === 3 ? `call ${calls}` : false))).resolves.toBe('call 3');
  });

  it('keeps polling through a probe that throws, and names what it waited for and the last error when it gives up', async () => {
    await expect(
      waitFor(
        'the store',
        () => {
          throw new Error('connection refused');
        },
        60,
      ),
    ).rejects.toThrow('timed out after 60 ms waiting for the store: Error: connection refused');
  });

  it('answers a value of 0 or an empty text, which are answers too', async () => {
    await expect(waitFor('zero', () => 0)).resolves.toBe(0);
    await expect(waitFor('empty', () => '')).resolves.toBe('');
  });
});
