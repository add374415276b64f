import { createInbox, headers, type MsgHdrs, type NatsConnection } from 'nats';
import type { Publisher } from './publisher.ts';

interface Waiting {
  readonly subject: string;
  readonly deadline: number;
  resolve(): void;
  reject(err: Error): void;
}

/** What an ack that reports a failure holds; a stored message's ack never does (see isPlainAck). */
const ERROR_KEY = Buffer.from('"error"');
const ACK_START = Buffer.from('{"stream":"');
const CLOSE_BRACE = 0x7d;

/**
 * Whether a JetStream ack says the stream stored the message (`{"stream":"NAME","seq":N}`, perhaps with
 * `"duplicate":true` or a domain) without parsing it: it opens as a stored ack does, closes its object, and holds
 * no `"error"` key (a stream or domain name cannot hold a quote). Anything else is parsed as before.
 */
export function isPlainAck(data: Uint8Array): boolean {
  const b = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return b.length > ACK_START.length && b[b.length - 1] === CLOSE_BRACE && b.subarray(0, ACK_START.length).equals(ACK_START) && b.indexOf(ERROR_KEY) < 0;
}

/**
 * The header block of a publish that carries only its de-duplication id, as nats.js's `headers()` with
 * `set('Nats-Msg-Id', id)` encodes it (`NATS/1.0`, one `key: value` line, a blank line), built as one string and
 * encoded once: nats.js's publish asks its headers for nothing but `encode()`. An id nats.js would change (trim)
 * or refuse (a line break) takes nats.js's own headers, so the bytes and the errors stay its own.
 */
export function msgIdHeaders(msgId: string): MsgHdrs {
  if (msgId.includes('\r') || msgId.includes('\n') || msgId.trim() !== msgId) {
    const h = headers();
    h.set('Nats-Msg-Id', msgId);
    return h;
  }
  const bytes = Buffer.from(`NATS/1.0\r\nNats-Msg-Id: ${msgId}\r\n\r\n`);
  return { encode: () => bytes } as unknown as MsgHdrs;
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
      if (isPlainAck(m.data)) {
        settle(token, null);
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
      const h = msgId ? msgIdHeaders(msgId) : undefined;
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
