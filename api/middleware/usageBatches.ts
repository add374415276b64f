import { randomUUID } from 'node:crypto';
import type { ApiRequestBatch, ApiRequestLogged } from '../../shared/events.ts';
import { isStorableEvent } from '../../projections/usage/event.ts';

/**
 * Cuts queued usage events into batch messages, in order: at most `batchMax` events each and at most `room`
 * messages; what does not fit stays queued. An event the usage decoder would refuse (an endpoint path longer than
 * it takes) goes in a message of its own, so that it alone is dead-lettered, as it was when every event was a
 * message. Each batch gets its message id here, once: a retry resends the same object (usageOutbox.ts).
 */
export function cutBatches(
  queue: readonly ApiRequestLogged[],
  room: number,
  batchMax: number,
  newId: () => string = randomUUID,
): { batches: ApiRequestBatch[]; rest: ApiRequestLogged[] } {
  const batches: ApiRequestBatch[] = [];
  let open: ApiRequestLogged[] = [];
  const close = () => {
    if (open.length === 0) return;
    batches.push({ type: 'api_request_batch', id: newId(), events: open });
    open = [];
  };
  let i = 0;
  for (; i < queue.length; i++) {
    const event = queue[i]!;
    const alone = !isStorableEvent(event);
    if (open.length === 0 || alone) {
      close();
      if (batches.length >= room) break;
    }
    open.push(event);
    if (alone || open.length >= batchMax) close();
  }
  close();
  return { batches, rest: i < queue.length ? queue.slice(i) : [] };
}
