// Builds the prompt service for a process: a Redis lock when REDIS_URL is set (several processes may write),
// an in-process lock otherwise.
import { Redis } from 'ioredis';
import type { Db } from '../db/client.js';
import { LocalLock, RedisLock } from '../locks/keyed-lock.js';
import { PromptService } from './service.js';

export { PromptService } from './service.js';

export function createPromptService(db: Db, redisUrl?: string, lockPrefix?: string): PromptService {
  if (!redisUrl) return new PromptService(db, new LocalLock());
  // Lazy: no connection until the first write that needs the lock.
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
  return new PromptService(db, new RedisLock(redis, { prefix: lockPrefix }), async () => {
    redis.disconnect();
  });
}
