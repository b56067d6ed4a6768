import { createClient } from 'redis';
import { StoreUnavailableError } from '@eventcast/domain';
import { ServerProcess, waitFor } from '@eventcast/testing';
import { RedisDocumentStore } from '../src/infra/redis/redis-document-store';

const TIMEOUT_MS = 300;

/** The process id of the Redis server on `url`, as it reports it. */
async function serverProcessId(url: string): Promise<number> {
  const redis = await createClient({ url }).connect();
  try {
    return Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1]);
  } finally {
    await redis.close();
  }
}

describe('the Redis store when Redis stops answering without closing the connection', () => {
  it('fails calls as unavailable after its timeout, and serves again once Redis answers', async () => {
    const redis = await (await ServerProcess.redis()).start();
    const url = redis.url;
    const store = new RedisDocumentStore(url, 'unanswered:', TIMEOUT_MS);
    const pid = await serverProcessId(url);
    try {
      await waitFor('Redis', () => store.ping().then(() => true));
      process.kill(pid, 'SIGSTOP');
      const error = await store.get('ns', 'a').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect((error as Error).message).toBe(`Redis at ${url} did not answer within ${TIMEOUT_MS} ms`);
      await expect(store.ping()).rejects.toBeInstanceOf(StoreUnavailableError);

      process.kill(pid, 'SIGCONT');
      await waitFor('Redis to answer again', () => store.ping().then(() => true));
      await expect(store.setAll([{ namespace: 'ns', id: 'a', v: 1 }])).resolves.toEqual([
        { namespace: 'ns', id: 'a', v: 1 },
      ]);
    } finally {
      process.kill(pid, 'SIGCONT');
      await store.close();
      await redis.stop();
    }
  });
});
