import { z } from 'zod';
import type { ApiRequestLogged } from '../../shared/events.ts';

/** Longest endpoint path an event may carry; the outbox sends a longer one alone (api/middleware/usageBatches.ts). */
export const MAX_ENDPOINT_LENGTH = 2048;
/** Longest id (the event's, the key's, the account's) and method an event may carry. */
const MAX_ID_LENGTH = 100;
const MAX_METHOD_LENGTH = 16;
/** Most events in one batch message: at MAX_ENDPOINT_LENGTH each, ~0.6 MB, under nats-server's 1 MB max_payload. */
export const MAX_BATCH_EVENTS = 256;

const eventSchema = z.object({
  type: z.literal('api_request'),
  id: z.string().min(1).max(MAX_ID_LENGTH),
  api_key_id: z.string().min(1).max(MAX_ID_LENGTH),
  account_id: z.string().min(1).max(MAX_ID_LENGTH),
  method: z.string().min(1).max(MAX_METHOD_LENGTH),
  endpoint: z.string().min(1).max(MAX_ENDPOINT_LENGTH),
  status: z.number().int().min(100).max(599),
  duration_ms: z.number().nonnegative().finite(),
  at: z.iso.datetime({ offset: true }),
});

const batchSchema = z.object({
  type: z.literal('api_request_batch'),
  id: z.string().min(1).max(MAX_ID_LENGTH),
  events: z.array(eventSchema).min(1).max(MAX_BATCH_EVENTS),
});

/** What one USAGE message carries: its requests, in capture order (one for a message of the old format). */
export type UsageMessage = readonly ApiRequestLogged[];

type Decoded = { ok: true; event: UsageMessage } | { ok: false; reason: string };

function refused(error: z.ZodError, what: string): Decoded {
  const issue = error.issues[0];
  return { ok: false, reason: `invalid ${what}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim() };
}

/**
 * A USAGE message: a batch (`api_request_batch`, ApiRequestBatch) or one `api_request` event, the format written
 * before batches and still in the stream. Either is refused whole when an event in it is invalid.
 */
export function decodeUsageMessage(value: unknown): Decoded {
  if ((value as { type?: unknown } | null)?.type === 'api_request_batch') {
    const parsed = batchSchema.safeParse(value);
    return parsed.success ? { ok: true, event: parsed.data.events } : refused(parsed.error, 'api_request_batch message');
  }
  const parsed = eventSchema.safeParse(value);
  return parsed.success ? { ok: true, event: [parsed.data] } : refused(parsed.error, 'api_request event');
}

/** A module function, not a named closure made per event (tsx redefines the name of every one it creates). */
function fits(s: string, max: number): boolean {
  return s.length >= 1 && s.length <= max;
}

/**
 * Whether the decoder's bounds on lengths take this event, checked without zod on the API's path. The capture's
 * other fields (a status Koa set, a duration, an ISO time) always fit; a path longer than MAX_ENDPOINT_LENGTH can
 * come in a request line.
 */
export function isStorableEvent(event: ApiRequestLogged): boolean {
  return (
    fits(event.endpoint, MAX_ENDPOINT_LENGTH) &&
    fits(event.method, MAX_METHOD_LENGTH) &&
    fits(event.id, MAX_ID_LENGTH) &&
    fits(event.api_key_id, MAX_ID_LENGTH) &&
    fits(event.account_id, MAX_ID_LENGTH)
  );
}
