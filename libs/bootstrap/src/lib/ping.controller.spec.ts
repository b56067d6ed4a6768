import { StoreUnavailableError } from '@eventcast/domain';
import { PingController } from './ping.controller';

describe(PingController.name, () => {
  it('answers pong when the service has nothing to check', async () => {
    await expect(new PingController().ping()).resolves.toEqual({ ping: 'pong' });
  });

  it('answers pong when its store is reachable', async () => {
    const controller = new PingController({ check: async () => undefined });
    await expect(controller.ping()).resolves.toEqual({ ping: 'pong' });
  });

  it('answers 503 naming the reason when its store is unreachable', async () => {
    const controller = new PingController({ check: async () => Promise.reject(new Error('Redis is unreachable')) });
    const answer = controller.ping();
    await expect(answer).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(answer).rejects.toThrow('Redis is unreachable');
  });
});
