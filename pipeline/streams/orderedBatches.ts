import type { JsMsg } from 'nats';
import type { Logger } from 'pino';
import type { StreamConnection } from './connection.ts';
import { STREAMS, type StreamKey } from '../../shared/streams/subjects.ts';
import { isStoreUnavailable } from '../../shared/ports/documentStore.ts';
import { isConsumerStopping } from './consumerStopping.ts';
import { decodeMessage, deadLetterMessage, retryTargetOf, type Decoded } from './consume.ts';
import { isNotFound } from './provision.ts';
import type { SharedDecodes } from './sharedDecodes.ts';

export interface SequencedItem<E> {
  readonly event: E;
  readonly seq: number;
  /** Delivered before (a redelivery after ack_wait or a restart): its effects may be partly there already. */
  readonly redelivered?: boolean;
}

export interface OrderedBatchOptions<E> {
  readonly conn: StreamConnection;
  /** A stream read whole (no filter subject): its sequences are contiguous, which is how gaps are seen. */
  readonly stream: StreamKey;
  readonly durable: string;
  readonly log: Logger;
  readonly decode: (value: unknown) => Decoded<E>;
  /**
   * The highest sequence the read model has applied (its checkpoint); read before every run. Without one (a
   * read model whose documents record what they applied, so any message may be applied again) every held
   * message is applied, in sequence order, with no wait for gaps.
   */
  readonly checkpoint?: () => Promise<number>;
  /**
   * Applies the events of a run of consecutive sequences, in order, and moves the checkpoint to `lastSeq`
   * (which may be past the last event: poison messages and other consumers' retry copies are in the run too).
   */
  readonly applyRun: (events: readonly SequencedItem<E>[], lastSeq: number) => Promise<void>;
  /** Wraps each run (an operator's pause); `keepAlive` stops the server redelivering the held messages. */
  readonly gate?: <R>(work: () => Promise<R>, keepAlive: () => void) => Promise<R>;
  /** Largest run applied at once (one store transaction per collection). */
  readonly maxRun?: number;
  /**
   * How long a run shorter than maxRun may wait for more messages, counted from the arrival of its oldest
   * held message (0: apply at once). A store write has a fixed cost per transaction (commit, the FTS5
   * segment), so a consumer that keeps up with a trickle otherwise commits a few messages at a time.
   */
  readonly lingerMs?: number;
  /** Decodes shared with the process's other consumers of the stream using the same decoder (sharedDecodes.ts). */
  readonly sharedDecodes?: SharedDecodes;
  /** Attempts of a message that keeps failing before it is dead-lettered. */
  readonly maxDeliver?: number;
}

export interface OrderedBatchLoop {
  stop(): Promise<void>;
  readonly done: Promise<void>;
}

const HOLD_MAX_DELAY_MS = 5_000;

/**
 * A projection's consumer that applies messages in batches and still never runs ahead of an unapplied one.
 *
 * Messages are held in memory by stream sequence. A run is the held messages of consecutive sequences that
 * start right after the read model's checkpoint; it is applied as one batch, the checkpoint moved to its
 * end, and only then are its messages acked. A message below the checkpoint is acked unread (applied before).
 * When the next sequence is missing (a message still out with another delivery: a stopped process's buffer,
 * a slow redelivery) nothing is applied until it arrives, unless the stream no longer holds it (retention,
 * deletion), which the server is asked. So max_ack_pending can be large (many messages per round trip) while
 * every message acked was applied, in stream order, across restarts and competing processes.
 *
 * Failures: an unavailable store holds the run (retried with back-off, messages kept alive); any other error
 * splits the run and applies message by message, and a message failing `maxDeliver` times is dead-lettered
 * (the checkpoint then moves past it), like the one-at-a-time consumer did with nak and redelivery.
 */
export function runOrderedBatches<E>(opts: OrderedBatchOptions<E>): OrderedBatchLoop {
  const streamName = STREAMS[opts.stream].name;
  const maxRun = opts.maxRun ?? 500;
  const maxDeliver = opts.maxDeliver ?? 20;
  const lingerMs = opts.lingerMs ?? 0;
  const log = opts.log.child({ consumer: opts.durable });
  const held = new Map<number, JsMsg>();
  /** When the oldest message held and not yet applied arrived (0: none held). */
  let oldestHeldAt = 0;
  /** While the worker lingers, the reader wakes it only once a full run is held. */
  let lingering = false;
  const failures = new Map<number, number>();
  let stopped = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => (clearTimeout(timer), resolve());
    });
  let current: { stop(): void } | undefined;

  const reader = async () => {
    while (!stopped) {
      try {
        const consumer = await opts.conn.js.consumers.get(streamName, opts.durable);
        const messages = await consumer.consume({ max_messages: maxRun, idle_heartbeat: 5_000 });
        current = messages;
        if (stopped) {
          messages.stop();
          break;
        }
        for await (const m of messages) {
          if (held.size === 0) oldestHeldAt = performance.now();
          held.set(m.seq, m);
          if (!lingering || held.size >= maxRun) notify();
          if (stopped) break;
        }
      } catch (err) {
        if (stopped) break;
        log.warn({ err }, 'consumer interrupted; re-consuming');
      }
      if (!stopped) await new Promise((r) => setTimeout(r, 500));
    }
  };

  const keepAlive = () => {
    for (const m of held.values()) m.working();
  };

  /** Whether the stream no longer holds any message from `from` to `to` (so nothing there is coming). */
  const gone = async (from: number, to: number): Promise<boolean> => {
    const info = await opts.conn.jsm.streams.info(streamName);
    if (info.state.first_seq > to) return true;
    for (let seq = Math.max(from, info.state.first_seq); seq <= to; seq++) {
      try {
        await opts.conn.jsm.streams.getMessage(streamName, { seq });
        return false;
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    }
    return true;
  };

  const apply = (events: readonly SequencedItem<E>[], lastSeq: number) =>
    opts.gate ? opts.gate(() => opts.applyRun(events, lastSeq), keepAlive) : opts.applyRun(events, lastSeq);

  /** Decodes a run; poison is dead-lettered and other consumers' retry copies acked (both settled, in the run). */
  const prepare = async (run: readonly JsMsg[]) => {
    const events: SequencedItem<E>[] = [];
    const toAck: JsMsg[] = [];
    for (const m of run) {
      const retryFor = retryTargetOf(m);
      if (retryFor && retryFor !== opts.durable) {
        toAck.push(m);
        continue;
      }
      const decoded = opts.sharedDecodes ? opts.sharedDecodes.decode(m.seq, m.data, opts.decode) : decodeMessage(m.data, opts.decode);
      if (!decoded.ok) {
        await deadLetterMessage(opts.conn, opts.stream, opts.durable, m, decoded.reason, log);
        continue;
      }
      events.push({ event: decoded.event, seq: m.seq, redelivered: m.info.redeliveryCount > 1 });
      toAck.push(m);
    }
    return { events, toAck };
  };

  /** Acks the messages, and forgets every held one up to `upTo` (in the run, or below the checkpoint). */
  const settle = (msgs: readonly JsMsg[], upTo: number) => {
    for (const m of msgs) m.ack();
    for (const seq of [...held.keys()]) if (seq <= upTo) held.delete(seq);
    // What is still held arrived while this run was applied: its wait counts from now at the latest.
    oldestHeldAt = held.size === 0 ? 0 : performance.now();
  };

  let storeDownSince = 0;
  const worker = async () => {
    while (!stopped) {
      if (held.size === 0) {
        await sleep(1_000);
        continue;
      }
      try {
        const cp = opts.checkpoint ? await opts.checkpoint() : null;
        if (cp !== null) {
          const stale = [...held.values()].filter((m) => m.seq <= cp);
          if (stale.length > 0) settle(stale, cp);
          if (held.size === 0) continue;
        }
        const seqs = [...held.keys()].sort((a, b) => a - b);
        if (cp !== null && seqs[0]! > cp + 1 && !(await gone(cp + 1, seqs[0]! - 1))) {
          // An earlier message is still out with another delivery: wait for it, keeping ours alive.
          keepAlive();
          await sleep(250);
          continue;
        }
        const waited = performance.now() - oldestHeldAt;
        if (lingerMs > 0 && held.size < maxRun && waited < lingerMs) {
          lingering = true;
          await sleep(lingerMs - waited);
          lingering = false;
          continue;
        }
        const run: JsMsg[] = [];
        for (const seq of seqs) {
          if (cp !== null && run.length > 0 && seq !== run[run.length - 1]!.seq + 1) break;
          run.push(held.get(seq)!);
          if (run.length >= maxRun) break;
        }
        const lastSeq = run[run.length - 1]!.seq;
        const { events, toAck } = await prepare(run);
        try {
          await apply(events, lastSeq);
        } catch (err) {
          // Stopping before the run was applied: nothing of it is acked, all of it comes again after a restart.
          if (isConsumerStopping(err)) break;
          if (isStoreUnavailable(err)) throw err;
          await applyOneByOne(run, events, err);
          continue;
        }
        if (storeDownSince) log.info({ seq: lastSeq }, 'store available again; messages applied');
        storeDownSince = 0;
        settle(toAck, lastSeq);
        for (const e of events) failures.delete(e.seq);
      } catch (err) {
        if (stopped) break;
        if (isStoreUnavailable(err)) {
          if (!storeDownSince) log.warn({ reason: err.message }, 'store unavailable; holding messages until it returns');
          storeDownSince ||= Date.now();
        } else {
          log.error({ err }, 'projection batch failed; will retry');
        }
        keepAlive();
        await sleep(Math.min(250 * 2 ** Math.min(Math.floor((Date.now() - (storeDownSince || Date.now())) / 1000), 5), HOLD_MAX_DELAY_MS));
      }
    }
  };

  /** A run failed as a whole: apply its events one at a time to find (and, in the end, set aside) the bad one. */
  const applyOneByOne = async (run: readonly JsMsg[], events: readonly SequencedItem<E>[], cause: unknown) => {
    log.warn({ err: cause, from: run[0]!.seq, to: run[run.length - 1]!.seq }, 'batch failed; applying its messages one at a time');
    const bySeq = new Map(events.map((e) => [e.seq, e]));
    for (const m of run) {
      const e = bySeq.get(m.seq);
      try {
        await apply(e ? [e] : [], m.seq);
        failures.delete(m.seq);
        settle(e ? [m] : [], m.seq);
      } catch (err) {
        if (isConsumerStopping(err)) return;
        if (isStoreUnavailable(err)) throw err;
        const n = (failures.get(m.seq) ?? 0) + 1;
        failures.set(m.seq, n);
        const reason = err instanceof Error ? err.message : String(err);
        if (n < maxDeliver) {
          log.error({ err, seq: m.seq, attempts: n }, 'handler failed; will retry');
          keepAlive();
          await sleep(1_000);
          return;
        }
        // Given up: dead-lettered, and the checkpoint moves past it so the rest can follow.
        await deadLetterMessage(opts.conn, opts.stream, opts.durable, m, `gave up after ${n} attempts: ${reason}`, log);
        await apply([], m.seq);
        failures.delete(m.seq);
        settle([], m.seq);
      }
    }
  };

  const readerDone = reader();
  const workerDone = worker();
  const done = Promise.all([readerDone, workerDone]).then(() => undefined);
  return {
    done,
    stop: async () => {
      stopped = true;
      current?.stop();
      notify();
      await done;
    },
  };
}
