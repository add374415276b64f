import type { JsMsg } from 'nats';
import type { Logger } from 'pino';
import type { StreamConnection } from './connection.ts';
import { STREAMS, subjects, type StreamKey } from '../../shared/streams/subjects.ts';
import { isStoreUnavailable } from '../../shared/ports/documentStore.ts';
import { isConsumerStopping } from './consumerStopping.ts';

/**
 * Headers of a dead letter sent again by `npm run ops -- deadletters --retry <id>`: the copy is meant for one
 * consumer (RETRY_FOR, its durable) and names the original (RETRY_OF, `<stream>:<seq>`). Every other consumer
 * of the stream acks it unread, so a retry never repeats an effect elsewhere.
 */
export const RETRY_FOR_HEADER = 'Concord-Retry-For';
export const RETRY_OF_HEADER = 'Concord-Retry-Of';

const RETRY_FOR_BYTES = Buffer.from(RETRY_FOR_HEADER);

/**
 * The durable a retry copy is meant for (its RETRY_FOR header), or undefined for every other message (nats.js's
 * own `headers.get` answers '' or undefined there). Every
 * message our publishers send carries a header (its Nats-Msg-Id), and nats.js decodes a message's headers into a
 * map (a TextDecoder, a split and a canonical key per line) the first time they are read: one decode per message
 * and consumer, for a header that is almost never there. The header block's bytes are searched first; only a
 * message whose headers hold the name anywhere is decoded, and then read exactly as before. A message whose
 * internals are not the shape this nats.js version has is read the old way.
 */
export function retryTargetOf(m: JsMsg): string | undefined {
  const raw = (m as unknown as { msg?: { _rdata?: unknown; _msg?: { hdr?: unknown } } }).msg;
  const hdr = raw?._msg?.hdr;
  const bytes = raw?._rdata;
  if (typeof hdr === 'number' && bytes instanceof Uint8Array) {
    if (hdr <= 0) return undefined;
    if (Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(hdr, bytes.byteLength)).indexOf(RETRY_FOR_BYTES) < 0) return undefined;
  }
  // nats.js answers '' for a header a message does not have.
  return m.headers?.get(RETRY_FOR_HEADER) || undefined;
}

/** Longest pause between two attempts while the store is unavailable (below every ack_wait we provision). */
const HOLD_MAX_DELAY_MS = 5_000;

/** What a handler decided about one message. Expected outcomes are values, not exceptions. */
export type HandleOutcome =
  | { readonly kind: 'ack' }
  | { readonly kind: 'retry'; readonly delayMs: number; readonly reason: string }
  | { readonly kind: 'poison'; readonly reason: string };

export const ACK: HandleOutcome = { kind: 'ack' };

export type Decoded<E> = { readonly ok: true; readonly event: E } | { readonly ok: false; readonly reason: string };

/** JSON, then the event's own validator: a message failing either is poison (dead-lettered with the reason). */
export function decodeMessage<E>(data: Uint8Array, decode: (value: unknown) => Decoded<E>): Decoded<E> {
  let value: unknown;
  try {
    // A Buffer over the same bytes, not a copy of them (Buffer.from(view) copies): the text is the same.
    value = JSON.parse(Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8'));
  } catch {
    return { ok: false, reason: 'message is not valid JSON' };
  }
  return decode(value);
}

/** Publishes the message with the reason to `deadletter.<durable>`, then terms it (never redelivered). */
export async function deadLetterMessage(conn: StreamConnection, stream: StreamKey, durable: string, m: JsMsg, reason: string, log: Logger): Promise<void> {
  const record = {
    reason,
    durable,
    stream: STREAMS[stream].name,
    subject: m.subject,
    stream_seq: m.seq,
    deliveries: m.info.redeliveryCount,
    at: new Date().toISOString(),
    data: Buffer.from(m.data).toString('base64'),
  };
  await conn.js.publish(subjects.deadLetter(durable), JSON.stringify(record), { msgID: `${durable}:${m.seq}` });
  // No reason on the term: nats-server before 2.10 ignores "+TERM <reason>" and redelivers the message
  // after ack_wait, forever. The reason is in the dead-letter record.
  m.term();
  log.warn({ seq: m.seq, subject: m.subject, reason }, 'message dead-lettered');
}

export interface MessageMeta {
  readonly subject: string;
  readonly streamSeq: number;
  readonly deliveryCount: number;
  /** Tell the server the handler is still busy (long tasks), so it does not redeliver. */
  working(): void;
}

export interface ConsumerLoopOptions {
  readonly conn: StreamConnection;
  readonly stream: StreamKey;
  readonly durable: string;
  readonly log: Logger;
  readonly handle: (data: Uint8Array, meta: MessageMeta) => Promise<HandleOutcome>;
  /** Handlers running at once; 1 keeps stream order (projections). */
  readonly concurrency?: number;
  /** Awaited before taking the next message: back-pressure from a worker pool. */
  readonly gate?: () => Promise<void>;
  /** Deliveries after which a message that keeps failing is dead-lettered. */
  readonly maxDeliver?: number;
}

export interface ConsumerLoop {
  /** Stops pulling, waits for in-flight handlers, then resolves. */
  stop(): Promise<void>;
  readonly done: Promise<void>;
}

/**
 * Consumes a durable pull consumer until stopped: acks after the handler's effect, naks with
 * delay on transient failure, terms poison messages after publishing them with the reason to
 * `deadletter.<durable>`. Re-consumes after any failure of the subscription itself.
 */
export function runConsumer(opts: ConsumerLoopOptions): ConsumerLoop {
  const concurrency = opts.concurrency ?? 1;
  const maxDeliver = opts.maxDeliver ?? 20;
  const log = opts.log.child({ consumer: opts.durable });
  let stopped = false;
  const stopping = new AbortController();
  let current: { stop(): void; close(): Promise<void | Error> } | undefined;
  const inFlight = new Set<Promise<void>>();

  const deadLetter = (m: JsMsg, reason: string) => deadLetterMessage(opts.conn, opts.stream, opts.durable, m, reason, log);

  /** Waits before the next attempt on a held message; resolves early when the loop stops. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      stopping.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });

  const processOne = async (m: JsMsg): Promise<void> => {
    const retryFor = retryTargetOf(m);
    if (retryFor && retryFor !== opts.durable) {
      m.ack();
      return;
    }
    // Read on demand: the subject is decoded and the ack subject parsed (m.info) only for a handler that asks (the
    // processor never does, so a RAW message's ack subject is not parsed on its way).
    const meta: MessageMeta = {
      get subject() {
        return m.subject;
      },
      get streamSeq() {
        return m.seq;
      },
      get deliveryCount() {
        return m.info.redeliveryCount;
      },
      working: () => m.working(),
    };
    let outcome: HandleOutcome;
    for (let attempt = 1; ; attempt += 1) {
      try {
        outcome = await opts.handle(m.data, meta);
        if (attempt > 1) log.info({ seq: m.seq, attempts: attempt }, 'store available again; message handled');
        break;
      } catch (err) {
        if (isStoreUnavailable(err)) {
          // Not the message's fault: hold it (no nak, so its delivery count does not run towards the dead
          // letter) and try again until the store returns. On shutdown leave it unacked for redelivery.
          if (stopped) {
            log.info({ seq: m.seq }, 'stopping while the store is unavailable; message left unacked for redelivery');
            return;
          }
          if (attempt === 1) log.warn({ seq: m.seq, reason: err.message }, 'store unavailable; holding the message until it returns');
          m.working();
          await pause(Math.min(250 * 2 ** Math.min(attempt, 5), HOLD_MAX_DELAY_MS));
          continue;
        }
        if (isConsumerStopping(err)) {
          log.info({ seq: m.seq }, 'stopping before the message was handled; left unacked for redelivery');
          return;
        }
        log.error({ err, seq: m.seq }, 'handler failed; will retry');
        outcome = { kind: 'retry', delayMs: 2_000, reason: err instanceof Error ? err.message : String(err) };
        break;
      }
    }
    try {
      if (outcome.kind === 'ack') {
        // While stopping, wait for the server to confirm the ack: stop() promises that what was handled is
        // acked when it resolves, and a plain ack is only queued on the socket (a restart would see it redelivered).
        if (stopped) await m.ackAck({ timeout: 5_000 });
        else m.ack();
      } else if (outcome.kind === 'poison') {
        await deadLetter(m, outcome.reason);
      } else if (m.info.redeliveryCount >= maxDeliver) {
        await deadLetter(m, `gave up after ${m.info.redeliveryCount} deliveries: ${outcome.reason}`);
      } else {
        m.nak(outcome.delayMs);
      }
    } catch (err) {
      // Leaving the message unacked is safe: the server redelivers after ack_wait.
      log.error({ err, seq: m.seq }, 'could not settle message');
    }
  };

  const loop = async () => {
    while (!stopped) {
      try {
        const consumer = await opts.conn.js.consumers.get(STREAMS[opts.stream].name, opts.durable);
        const messages = await consumer.consume({ max_messages: Math.max(concurrency * 2, 16), idle_heartbeat: 5_000 });
        current = messages;
        // stop() may have come while the subscription was being set up (a role stopped right after it
        // started): current was not there to stop, and the loop would wait for a message forever.
        if (stopped) {
          messages.stop();
          break;
        }
        for await (const m of messages) {
          if (opts.gate) await opts.gate();
          if (concurrency <= 1) {
            await processOne(m);
          } else {
            while (inFlight.size >= concurrency) await Promise.race(inFlight);
            const p = processOne(m).finally(() => inFlight.delete(p));
            inFlight.add(p);
          }
          if (stopped) break;
        }
      } catch (err) {
        if (stopped) break;
        log.warn({ err }, 'consumer interrupted; re-consuming');
      }
      if (!stopped) await new Promise((r) => setTimeout(r, 500));
    }
    await Promise.allSettled([...inFlight]);
    // Acks, naks and terms sent so far reach the server before stop() resolves.
    await opts.conn.nc.flush().catch(() => undefined);
  };

  const done = loop();
  return {
    done,
    stop: async () => {
      stopped = true;
      stopping.abort();
      current?.stop();
      await done;
    },
  };
}
