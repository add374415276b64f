import { createInbox, headers, type NatsConnection } from 'nats';
import type { Publisher } from './publisher.ts';

interface Waiting {
  readonly subject: string;
  readonly deadline: number;
  resolve(): void;
  reject(err: Error): void;
}

export interface InboxPublisher {
  readonly publish: Publisher;
  /** Stops listening for acks; publishes still waiting are refused. */
  close(): void;
}

/**
 * JetStream publishes awaited like `js.publish`, with one reply subscription for all of them. nats.js answers
 * each `js.publish` through a request object that, once resolved, builds a `Cancelled` NatsError (a stack
 * trace) it throws away: about 50 us of the event loop per message, 5% of the pipeline's main thread in a
 * profile. Here each publish is a core publish whose reply subject carries a token, and the stream's ack (or its
 * error) settles the publish waiting on that token.
 */
export function inboxPublisher(nc: NatsConnection, timeoutMs = 10_000): InboxPublisher {
  const prefix = createInbox();
  const waiting = new Map<string, Waiting>();
  let next = 0;
  let closed = false;

  const settle = (token: string, outcome: Error | null) => {
    const w = waiting.get(token);
    if (!w) return;
    waiting.delete(token);
    if (outcome) w.reject(outcome);
    else w.resolve();
  };

  const sub = nc.subscribe(`${prefix}.*`, {
    callback: (err, m) => {
      if (err) return;
      const token = m.subject.slice(prefix.length + 1);
      const w = waiting.get(token);
      if (!w) return;
      if (m.headers?.hasError) {
        const detail = m.headers.code === 503 ? 'no stream takes the subject' : `${m.headers.code} ${m.headers.description}`;
        settle(token, new Error(`JetStream publish to ${w.subject} failed: ${detail}`));
        return;
      }
      try {
        const ack = JSON.parse(Buffer.from(m.data).toString('utf8')) as { error?: { code?: number; err_code?: number; description?: string } };
        settle(token, ack.error ? new Error(`JetStream refused the publish to ${w.subject}: ${ack.error.description ?? 'error'} (${ack.error.err_code ?? ack.error.code})`) : null);
      } catch {
        settle(token, new Error(`JetStream publish to ${w.subject}: unreadable ack`));
      }
    },
  });

  const refuseAll = (why: string) => {
    for (const token of [...waiting.keys()]) settle(token, new Error(why));
  };
  // A publish whose ack never came (a lost connection) fails like a timed-out js.publish: the caller retries,
  // and its msgID makes the retry a duplicate the stream drops.
  const sweeper = setInterval(() => {
    const now = performance.now();
    for (const [token, w] of waiting) if (w.deadline <= now) settle(token, new Error(`no JetStream ack for a publish to ${w.subject} within ${timeoutMs} ms`));
  }, Math.min(1_000, timeoutMs));
  sweeper.unref();
  void sub.closed.then(() => {
    closed = true;
    clearInterval(sweeper);
    refuseAll('the JetStream ack subscription closed');
  });

  const publish: Publisher = (subject, payload, msgId) =>
    new Promise<void>((resolve, reject) => {
      if (closed) {
        reject(new Error(`cannot publish to ${subject}: the publisher is closed`));
        return;
      }
      const token = (next++).toString(36);
      waiting.set(token, { subject, deadline: performance.now() + timeoutMs, resolve, reject });
      const data = payload instanceof Uint8Array ? payload : JSON.stringify(payload);
      let h;
      if (msgId) {
        h = headers();
        h.set('Nats-Msg-Id', msgId);
      }
      try {
        nc.publish(subject, data, { reply: `${prefix}.${token}`, ...(h ? { headers: h } : {}) });
      } catch (err) {
        settle(token, err instanceof Error ? err : new Error(String(err)));
      }
    });

  return {
    publish,
    close: () => {
      if (closed) return;
      closed = true;
      clearInterval(sweeper);
      sub.unsubscribe();
      refuseAll('the publisher closed');
    },
  };
}
