import type { Logger } from 'pino';
import type { ApiRequestLogged } from '../../shared/events.ts';
import { subjects } from '../../shared/streams/subjects.ts';

export interface UsageOutboxLimits {
  /** Longest an event waits before it is sent: events of one turn leave in one socket write, acks come back together. */
  readonly flushMs: number;
  /** A queue this long is sent at once rather than at the next tick of the timer. */
  readonly flushAt: number;
  /** Publishes sent and not yet acknowledged, at most; the rest wait in the queue. */
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
 */
export const USAGE_OUTBOX_LIMITS: UsageOutboxLimits = {
  flushMs: 20,
  flushAt: 256,
  maxInFlight: 1_000,
  maxHeld: 100_000,
  retryFirstMs: 500,
  retryMaxMs: 15_000,
};

export interface UsageOutbox {
  /** Queues one event; it is sent within `flushMs`, and sent again until the stream acknowledges it. */
  add(event: ApiRequestLogged): void;
  /** Sends what is queued now, and makes this the last attempt for everything held (shutdown). */
  close(): void;
  /** Events held: queued, in flight or waiting for a retry. */
  readonly held: number;
}

/**
 * The API's usage events on their way to the USAGE stream. A publish that fails (the server gone past the
 * publish timeout, JetStream not answering yet after a restart) is sent again with the same message id after a
 * back-off, so the stream's duplicate window stores it once; nothing is dropped unless `maxHeld` events are
 * waiting at once (counted in a warning) or the process stops with the stream still unreachable (counted in
 * an error line). A retry comes at most `retryMaxMs` plus the publish timeout after the previous attempt, well
 * inside USAGE's two-minute duplicate window, so a copy the server stored but whose ack was lost is not stored
 * twice.
 */
export function usageOutbox(
  publish: (subject: string, payload: unknown, msgId?: string) => Promise<void>,
  log: Logger,
  limits: UsageOutboxLimits = USAGE_OUTBOX_LIMITS,
): UsageOutbox {
  let queue: ApiRequestLogged[] = [];
  let inFlight = 0;
  let held = 0;
  let dropped = 0;
  let lost = 0;
  /** Rounds of attempts that failed since the last success (each doubles the wait before the next). */
  let failing = 0;
  let retryAfter = 0;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const schedule = (ms: number): void => {
    if (timer || queue.length === 0) return;
    timer = setTimeout(flush, ms);
    timer.unref();
  };
  const settled = (event: ApiRequestLogged, err: unknown): void => {
    inFlight -= 1;
    if (err === undefined) {
      held -= 1;
      if (failing > 0) {
        log.info({ failed_rounds: failing, held }, 'usage events are being stored again');
        failing = 0;
      }
    } else if (closed) {
      held -= 1;
      lost += 1;
      if (lost === 1 || lost % 1000 === 0) log.error({ err, lost }, 'usage events lost: the stream did not take them before the API stopped');
    } else {
      if (failing === 0) log.warn({ err, held }, 'usage events are not being stored; holding them and retrying');
      // One back-off step per round of attempts: the failures of publishes sent together arrive together.
      if (Date.now() >= retryAfter) {
        failing += 1;
        retryAfter = Date.now() + Math.min(limits.retryMaxMs, limits.retryFirstMs * 2 ** Math.min(failing - 1, 16));
      }
      queue.push(event);
    }
    if (queue.length > 0) schedule(Math.max(0, retryAfter - Date.now()));
  };
  const send = (event: ApiRequestLogged): void => {
    inFlight += 1;
    publish(subjects.apiRequests(), event, event.id).then(
      () => settled(event, undefined),
      (err: unknown) => settled(event, err ?? new Error('publish failed')),
    );
  };
  function flush(): void {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const wait = retryAfter - Date.now();
    if (wait > 0 && !closed) return schedule(wait);
    const room = closed ? queue.length : Math.max(0, limits.maxInFlight - inFlight);
    const batch = queue.length <= room ? queue : queue.slice(0, room);
    queue = queue.length <= room ? [] : queue.slice(room);
    for (const event of batch) send(event);
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
      if (queue.length >= limits.flushAt && retryAfter <= Date.now()) flush();
      else schedule(limits.flushMs);
    },
    close() {
      closed = true;
      flush();
    },
    get held() {
      return held;
    },
  };
}
