import { createClient } from 'redis';

/** Deletes every key of the Redis at `url` that starts with `prefix`: what a run kept under a key prefix of its own. */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = await createClient({ url }).connect();
  try {
    const match = `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;
    for await (const keys of redis.scanIterator({ MATCH: match, COUNT: 1000 }))
      if (keys.length > 0) await redis.del(keys);
  } finally {
    await redis.close();
  }
}
