import type { Logger } from 'pino';
import type { ApiRequestBatch, ApiRequestLogged } from '../../shared/events.ts';
import { MAX_BATCH_EVENTS } from '../../projections/usage/event.ts';
import { cutBatches } from './usageBatches.ts';
import { subjects } from '../../shared/streams/subjects.ts';

export interface UsageOutboxLimits {
  /** Longest an event waits before it is sent: the events of a few ms leave as one message (one socket write, one ack). */
  readonly flushMs: number;
  /** Most events in one message; a queue this long is sent at once rather than at the next tick of the timer. */
  readonly batchMax: number;
  /** Messages sent and not yet acknowledged, at most; the rest wait in the queue. */
  readonly maxInFlight: number;
  /** Events held at once (queued, in flight, waiting for a retry): beyond it new ones are dropped and counted. */
  readonly maxHeld: number;
  /** First wait after a failed publish before anything is sent again; doubles per failure up to `retryMaxMs`. */
  readonly retryFirstMs: number;
  readonly retryMaxMs: number;
}

/**
 * Memory bound: ~0.5 KB per held event, so 100k events are ~50 MB, about three minutes of a 500 req/s API with the
 * stream gone. The in-flight bound keeps the client's pending acks (and its buffer while reconnecting) small.
 * An event is in the stream at most `flushMs` after its response (plus the publish's round trip) while the stream
 * takes them: the console's request log and statistics trail the requests by that and the projector's linger.
 */
export const USAGE_OUTBOX_LIMITS: UsageOutboxLimits = {
  flushMs: 20,
  batchMax: MAX_BATCH_EVENTS,
  maxInFlight: 1_000,
  maxHeld: 100_000,
  retryFirstMs: 500,
  retryMaxMs: 15_000,
};

export interface UsageOutbox {
  /** Queues one event; it is sent within `flushMs`, and sent again until the stream acknowledges it. */
  add(event: ApiRequestLogged): void;
  /**
   * Sends what is queued now (and anything added later at once), and makes this the last attempt for everything
   * held (shutdown). Resolves once every held event was stored or counted lost, or after `waitMs` (the stream
   * connection's own close then settles what is left).
   */
  close(waitMs?: number): Promise<void>;
  /** Events held: queued, in flight or waiting for a retry. */
  readonly held: number;
}

/**
 * The API's usage events on their way to the USAGE stream, several to a message (ApiRequestBatch, cut by
 * usageBatches.ts): one publish and one ack per `flushMs` or `batchMax` events instead of one per request. A
 * message that fails (the server gone past the publish timeout, JetStream not answering yet after a restart) is
 * sent again after a back-off as the very same message, its id and its events, so the stream's duplicate window
 * stores it once, and a projection that applied part of it skips what it applied (projections/messageEvents.ts);
 * a failed batch is never cut again with other events. Nothing is dropped unless `maxHeld` events are waiting at
 * once (counted in a warning) or the process stops with the stream still unreachable (counted in an error line).
 * A retry comes at most `retryMaxMs` plus the publish timeout after the previous attempt, well inside USAGE's
 * two-minute duplicate window, so a copy the server stored but whose ack was lost is not stored twice.
 */
export function usageOutbox(
  publish: (subject: string, payload: unknown, msgId?: string) => Promise<void>,
  log: Logger,
  limits: UsageOutboxLimits = USAGE_OUTBOX_LIMITS,
): UsageOutbox {
  /** Events not yet in a message. */
  let queue: ApiRequestLogged[] = [];
  /** Messages that failed, to be sent again as they are, before any new one. */
  let retries: ApiRequestBatch[] = [];
  let inFlight = 0;
  let held = 0;
  let dropped = 0;
  let lost = 0;
  /** Rounds of attempts that failed since the last success (each doubles the wait before the next). */
  let failing = 0;
  let retryAfter = 0;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  /** Shutdown waiting for `held` to reach 0. */
  let onEmpty: (() => void) | undefined;

  const waiting = () => queue.length > 0 || retries.length > 0;
  const schedule = (ms: number): void => {
    if (timer || !waiting()) return;
    timer = setTimeout(flush, ms);
    timer.unref();
  };
  const settled = (batch: ApiRequestBatch, err: unknown): void => {
    inFlight -= 1;
    const n = batch.events.length;
    if (err === undefined) {
      held -= n;
      if (failing > 0) {
        log.info({ failed_rounds: failing, held }, 'usage events are being stored again');
        failing = 0;
      }
    } else if (closed) {
      held -= n;
      const before = lost;
      lost += n;
      if (before === 0 || Math.floor(lost / 1000) > Math.floor(before / 1000)) log.error({ err, lost }, 'usage events lost: the stream did not take them before the API stopped');
    } else {
      if (failing === 0) log.warn({ err, held }, 'usage events are not being stored; holding them and retrying');
      // One back-off step per round of attempts: the failures of publishes sent together arrive together.
      if (Date.now() >= retryAfter) {
        failing += 1;
        retryAfter = Date.now() + Math.min(limits.retryMaxMs, limits.retryFirstMs * 2 ** Math.min(failing - 1, 16));
      }
      retries.push(batch);
    }
    if (waiting()) schedule(Math.max(0, retryAfter - Date.now()));
    if (held === 0) onEmpty?.();
  };
  const send = (batch: ApiRequestBatch): void => {
    inFlight += 1;
    publish(subjects.apiRequests(), batch, batch.id).then(
      () => settled(batch, undefined),
      (err: unknown) => settled(batch, err ?? new Error('publish failed')),
    );
  };
  function flush(): void {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const wait = retryAfter - Date.now();
    if (wait > 0 && !closed) return schedule(wait);
    let room = closed ? Infinity : Math.max(0, limits.maxInFlight - inFlight);
    const again = retries.length <= room ? retries : retries.slice(0, room);
    retries = retries.length <= room ? [] : retries.slice(room);
    room -= again.length;
    for (const batch of again) send(batch);
    if (room <= 0 || queue.length === 0) return;
    const { batches, rest } = cutBatches(queue, room, limits.batchMax);
    queue = rest;
    for (const batch of batches) send(batch);
  }

  return {
    add(event) {
      if (held >= limits.maxHeld) {
        dropped += 1;
        if (dropped === 1 || dropped % 1000 === 0) log.warn({ dropped, held }, 'usage events dropped: the stream is not keeping up');
        return;
      }
      held += 1;
      queue.push(event);
      if (closed || (queue.length >= limits.batchMax && retryAfter <= Date.now())) flush();
      else schedule(limits.flushMs);
    },
    close(waitMs = 2_000) {
      closed = true;
      flush();
      if (held === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const bound = setTimeout(resolve, waitMs);
        bound.unref();
        onEmpty = () => {
          clearTimeout(bound);
          resolve();
        };
      });
    },
    get held() {
      return held;
    },
  };
}
