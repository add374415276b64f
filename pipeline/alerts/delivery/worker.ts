import type { Logger } from 'pino';
import type { Filter } from '../../../shared/ports/documentStore.ts';
import { alertCollections, type DeliveryDoc } from '../model.ts';
import { sendDelivery, type SendDeps } from './sendOne.ts';

/**
 * The delivery worker: drains the `alert_deliveries` outbox apart from evaluation, so a slow or dead
 * receiver never holds up a price tick. A delivery is claimed with a compare-and-set and a lease;
 * a process that dies mid-send leaves a lease that runs out, and the delivery is taken again (the
 * receiver sees the same delivery id and body, so it can drop the repeat). Failures are retried with
 * exponential backoff (base × 2^(attempt−1), at most an hour, ±20% jitter) up to maxAttempts, then
 * the delivery is marked failed. Final deliveries are pruned after 30 days.
 */
export interface DeliveryWorkerOptions extends SendDeps {
  readonly log: Logger;
  readonly retryBaseMs: number;
  readonly maxAttempts: number;
  /** How often the outbox is polled when nobody nudges (ms). */
  readonly pollMs?: number;
  /** Deliveries sent at once by this process. */
  readonly concurrency?: number;
  readonly now?: () => number;
}

export interface DeliveryWorker {
  /** Look at the outbox now (the evaluator calls it after queueing). */
  nudge(): void;
  /** Stops claiming, lets in-flight sends finish (each is bounded by the timeout), then resolves. */
  stop(): Promise<void>;
}

export const MAX_BACKOFF_MS = 3_600_000;
export const RETENTION_MS = 30 * 24 * 3_600_000;
const PRUNE_EVERY_MS = 10 * 60_000;

/** Delay before attempt `attempts + 1`, given `attempts` failed ones. */
export function backoffMs(attempts: number, baseMs: number, random: () => number = Math.random): number {
  const plain = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
  return Math.round(plain * (0.8 + 0.4 * random()));
}

export function startDeliveryWorker(opts: DeliveryWorkerOptions): DeliveryWorker {
  const { deliveries } = alertCollections(opts.store);
  const now = opts.now ?? Date.now;
  const concurrency = opts.concurrency ?? 4;
  const pollMs = opts.pollMs ?? 1_000;
  // Longer than any send can take, so a live sender never loses its lease to another process.
  const leaseMs = 2 * opts.timeoutMs + 5_000;
  const log = opts.log.child({ component: 'alert-delivery' });
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let wake: (() => void) | undefined;
  /** A nudge that came while the loop was busy: the next wait is skipped. */
  let nudged = false;
  let lastPrune = 0;

  const nudge = () => {
    const w = wake;
    wake = undefined;
    if (w) w();
    else nudged = true;
  };

  const finish = async (d: DeliveryDoc, attempts: number, set: Record<string, unknown>) => {
    const at = now();
    const done = await deliveries.updateOne(
      { _id: d._id, status: 'sending', attempts },
      { $set: { ...set, lease_until: null, updated_at: new Date(at).toISOString(), updated_ms: at } },
    );
    if (!done) log.warn({ delivery_id: d._id }, 'delivery changed while it was sent (cancelled or taken over); result not recorded');
  };

  const { alerts } = alertCollections(opts.store);

  const run = async (d: DeliveryDoc) => {
    const attempts = d.attempts;
    // An alert deleted just as it fired: its notification is cancelled, not sent.
    if (!(await alerts.get(d.alert_id))) {
      await finish(d, attempts, { status: 'cancelled', last_error: 'alert deleted' });
      return;
    }
    let result;
    try {
      result = await sendDelivery(opts, d);
    } catch (err) {
      result = { ok: false as const, error: err instanceof Error ? err.message : String(err), retry: true };
    }
    if (result.ok) {
      await finish(d, attempts, { status: 'delivered', delivered_at: new Date(now()).toISOString(), last_error: null });
      log.info({ delivery_id: d._id, channel: d.channel, attempts }, 'alert notification delivered');
    } else if (!result.retry || attempts >= opts.maxAttempts) {
      await finish(d, attempts, { status: 'failed', last_error: result.error });
      log.warn({ delivery_id: d._id, channel: d.channel, attempts, error: result.error }, 'alert notification failed for good');
    } else {
      const delay = backoffMs(attempts, opts.retryBaseMs);
      await finish(d, attempts, { status: 'pending', next_attempt_at: now() + delay, last_error: result.error });
      log.info({ delivery_id: d._id, channel: d.channel, attempts, retry_in_ms: delay, error: result.error }, 'alert notification failed; will retry');
    }
  };

  /** Atomically takes a delivery (still as we read it) and counts the attempt. */
  const claim = async (d: DeliveryDoc): Promise<DeliveryDoc | null> => {
    const at = now();
    const filter: Filter = { _id: d._id, status: d.status, attempts: d.attempts, lease_until: d.lease_until };
    return deliveries.updateOne(filter, {
      $set: { status: 'sending', lease_until: at + leaseMs, updated_at: new Date(at).toISOString(), updated_ms: at },
      $inc: { attempts: 1 },
    });
  };

  const due = async (room: number): Promise<DeliveryDoc[]> => {
    const at = now();
    const [pending, expired] = await Promise.all([
      deliveries.find({ status: 'pending', next_attempt_at: { $lte: at } }, { sort: [['next_attempt_at', 1]], limit: room }),
      deliveries.find({ status: 'sending', lease_until: { $lte: at } }, { sort: [['lease_until', 1]], limit: room }),
    ]);
    return [...expired, ...pending].slice(0, room);
  };

  const prune = async () => {
    if (now() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now();
    const removed = await deliveries.deleteMany({ status: { $in: ['delivered', 'failed', 'cancelled'] }, updated_ms: { $lt: now() - RETENTION_MS } });
    if (removed > 0) log.info({ removed }, 'old alert deliveries pruned');
  };

  const loop = async () => {
    while (!stopped) {
      try {
        await prune();
        const room = concurrency - inFlight.size;
        if (room > 0) {
          for (const d of await due(room)) {
            if (stopped) break;
            const claimed = await claim(d);
            if (!claimed) continue;
            const p = run(claimed)
              .catch((err: unknown) => log.error({ err, delivery_id: d._id }, 'delivery bookkeeping failed; the lease will expire and it is retried'))
              .finally(() => {
                inFlight.delete(p);
                nudge();
              });
            inFlight.add(p);
          }
        }
      } catch (err) {
        log.error({ err }, 'delivery worker cycle failed; retrying');
      }
      if (stopped) break;
      if (nudged) {
        nudged = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    await Promise.allSettled([...inFlight]);
  };

  const done = loop();
  return {
    nudge,
    stop: async () => {
      stopped = true;
      nudge();
      await done;
    },
  };
}
