import { AckPolicy, DeliverPolicy, type JsMsg } from 'nats';
import type { StreamConnection } from '../streams/connection.ts';

/** Where a read starts: the stream's first message, a sequence, or the first message at or after a time. */
export type StreamStart = { readonly kind: 'first' } | { readonly kind: 'seq'; readonly seq: number } | { readonly kind: 'time'; readonly time: string };

export interface StreamPosition {
  readonly stream: string;
  readonly firstSeq: number;
  readonly lastSeq: number;
  readonly messages: number;
  readonly bytes: number;
  readonly firstTime: string | null;
  readonly lastTime: string | null;
}

export async function streamPosition(conn: StreamConnection, stream: string): Promise<StreamPosition> {
  const info = await conn.jsm.streams.info(stream);
  const s = info.state;
  return {
    stream,
    firstSeq: s.first_seq,
    lastSeq: s.last_seq,
    messages: s.messages,
    bytes: s.bytes,
    firstTime: s.messages > 0 ? s.first_ts : null,
    lastTime: s.messages > 0 ? s.last_ts : null,
  };
}

function deliverFrom(start: StreamStart) {
  if (start.kind === 'seq') return { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: Math.max(1, start.seq) };
  if (start.kind === 'time') return { deliver_policy: DeliverPolicy.StartTime, opt_start_time: new Date(start.time).toISOString() };
  return { deliver_policy: DeliverPolicy.All };
}

/**
 * The same start for nats.js's ordered consumer, which always sends an opt_start_seq on its first request
 * (so DeliverPolicy.All must not be named: the server refuses All with a start sequence).
 */
function orderedFrom(start: StreamStart) {
  if (start.kind === 'seq') return { opt_start_seq: Math.max(1, start.seq) };
  if (start.kind === 'time') return { deliver_policy: DeliverPolicy.StartTime, opt_start_time: new Date(start.time).toISOString() };
  return {};
}

/**
 * How many messages a read from `start` would see now (an ephemeral consumer's num_pending: works for a
 * start time too, which nats-server 2.9 cannot look up directly). Used for progress totals and to know that
 * there is nothing to read without waiting for a message that will not come.
 */
export async function countFrom(conn: StreamConnection, stream: string, start: StreamStart, filterSubject?: string): Promise<number> {
  const info = await conn.jsm.consumers.add(stream, {
    ack_policy: AckPolicy.None,
    ...deliverFrom(start),
    ...(filterSubject ? { filter_subject: filterSubject } : {}),
    inactive_threshold: 30_000_000_000,
  });
  try {
    return info.num_pending;
  } finally {
    await conn.jsm.consumers.delete(stream, info.name).catch(() => undefined);
  }
}

export interface ReadOptions {
  readonly start: StreamStart;
  readonly filterSubject?: string;
  /** Messages handed over at once (the replay's write batch). */
  readonly batchSize: number;
  /**
   * Ask the server for more once this few of the messages asked for are still to come (nats.js's
   * threshold_messages; its default is three quarters of the buffer, so a buffer of 1,000 asks for 250 at a time).
   * Each ask is a socket write that wakes nats-server; on two loaded cores that write is where the reader is most
   * often descheduled (bench/README.md finding 67).
   */
  readonly refillAt?: number;
  /** Called with each batch in stream order; the next batch is read while nothing waits on this one. */
  readonly onBatch: (batch: readonly JsMsg[], pendingAfter: number) => Promise<void>;
  readonly signal?: AbortSignal;
}

/** The read stopped because its signal was aborted (an operator's Ctrl-C). */
export class ReadCancelled extends Error {
  constructor() {
    super('stream read cancelled');
    this.name = 'ReadCancelled';
  }
}

export interface ReadResult {
  readonly read: number;
  /** Sequence of the last message read (0 when none). */
  readonly lastSeq: number;
}

/**
 * Reads a stream from `start` up to its current end with an ordered consumer (ephemeral, flow-controlled,
 * no acks: the fastest way to read a JetStream stream), handing batches over in order. Stops at the first
 * message after which nothing is pending, so messages published meanwhile are read too.
 */
export async function readStream(conn: StreamConnection, stream: string, opts: ReadOptions): Promise<ReadResult> {
  if (opts.signal?.aborted) throw new ReadCancelled();
  const total = await countFrom(conn, stream, opts.start, opts.filterSubject);
  if (total === 0) return { read: 0, lastSeq: 0 };
  const consumer = await conn.js.consumers.get(stream, {
    ...orderedFrom(opts.start),
    // One subject as a string: nats.js sends it as filter_subject, which nats-server 2.9 knows. Given as an
    // array it becomes filter_subjects (2.10+), which the client refuses to send to an older server, and the
    // ordered consumer retries its creation forever: the read hung.
    ...(opts.filterSubject ? { filterSubjects: opts.filterSubject } : {}),
  });
  const messages = await consumer.consume({
    max_messages: Math.max(opts.batchSize * 2, 1000),
    ...(opts.refillAt !== undefined ? { threshold_messages: opts.refillAt } : {}),
  });
  const onAbort = () => messages.stop();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  let batch: JsMsg[] = [];
  let read = 0;
  let lastSeq = 0;
  try {
    for await (const m of messages) {
      batch.push(m);
      read += 1;
      lastSeq = m.seq;
      const pending = m.info.pending;
      if (batch.length >= opts.batchSize || pending === 0) {
        const full = batch;
        batch = [];
        await opts.onBatch(full, pending);
        // Messages already buffered by the consumer are not handed over once the read is cancelled.
        if (opts.signal?.aborted) break;
      }
      if (pending === 0) break;
    }
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
    messages.stop();
    await consumer.delete().catch(() => undefined);
  }
  if (opts.signal?.aborted) throw new ReadCancelled();
  return { read, lastSeq };
}
