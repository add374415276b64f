import { RequestStrategy, type NatsConnection } from 'nats';

/**
 * The non-empty replies to one core-NATS request: `expected` of them (or fewer by `maxWaitMs`), or, with no count,
 * those that come until `jitterMs` pass without another. No responders is no reply, not an error.
 */
export async function collectReplies(nc: NatsConnection, subject: string, data: Uint8Array, maxWaitMs: number, expected: number | null, jitterMs: number): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  try {
    const opts =
      expected === null
        ? { strategy: RequestStrategy.JitterTimer, maxWait: maxWaitMs, jitter: jitterMs }
        : { strategy: RequestStrategy.Count, maxWait: maxWaitMs, maxMessages: expected };
    for await (const m of await nc.requestMany(subject, data, opts)) if (m.data.length > 0) out.push(m.data);
  } catch {
    // No responders: nobody is listening.
  }
  return out;
}
