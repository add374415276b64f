import type { JsMsg } from 'nats';
import type { Logger } from 'pino';
import type { StreamConnection } from './connection.ts';
import { STREAMS, subjects, type StreamKey } from '../../shared/streams/subjects.ts';

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
    value = JSON.parse(Buffer.from(data).toString('utf8'));
  } catch {
    return { ok: false, reason: 'message is not valid JSON' };
  }
  return decode(value);
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
  let current: { stop(): void; close(): Promise<void | Error> } | undefined;
  const inFlight = new Set<Promise<void>>();

  const deadLetter = async (m: JsMsg, reason: string) => {
    const record = {
      reason,
      durable: opts.durable,
      stream: STREAMS[opts.stream].name,
      subject: m.subject,
      stream_seq: m.seq,
      deliveries: m.info.redeliveryCount,
      at: new Date().toISOString(),
      data: Buffer.from(m.data).toString('base64'),
    };
    await opts.conn.js.publish(subjects.deadLetter(opts.durable), JSON.stringify(record), {
      msgID: `${opts.durable}:${m.seq}`,
    });
    m.term(reason.slice(0, 200));
    log.warn({ seq: m.seq, subject: m.subject, reason }, 'message dead-lettered');
  };

  const processOne = async (m: JsMsg): Promise<void> => {
    let outcome: HandleOutcome;
    try {
      outcome = await opts.handle(m.data, {
        subject: m.subject,
        streamSeq: m.seq,
        deliveryCount: m.info.redeliveryCount,
        working: () => m.working(),
      });
    } catch (err) {
      log.error({ err, seq: m.seq }, 'handler failed; will retry');
      outcome = { kind: 'retry', delayMs: 2_000, reason: err instanceof Error ? err.message : String(err) };
    }
    try {
      if (outcome.kind === 'ack') {
        m.ack();
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
  };

  const done = loop();
  return {
    done,
    stop: async () => {
      stopped = true;
      current?.stop();
      await done;
    },
  };
}
