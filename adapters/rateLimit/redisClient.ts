import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * A Redis client for shared rate-limit state. Commands fail fast while Redis is away (no offline queue,
 * one retry) so a request never waits on it; the caller falls back to in-process counting meanwhile.
 */
export function createRedisClient(url: string, log: Logger): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 5_000),
  });
  let reported = false;
  client.on('error', (err: Error) => {
    if (!reported) log.warn({ err: err.message }, 'redis (rate limits) unavailable; counting in process until it is back');
    reported = true;
  });
  client.on('ready', () => {
    if (reported) log.info('redis (rate limits) reachable again');
    reported = false;
  });
  return client;
}
