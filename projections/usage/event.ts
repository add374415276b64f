import { z } from 'zod';
import type { ApiRequestLogged } from '../../shared/events.ts';

const eventSchema = z.object({
  type: z.literal('api_request'),
  id: z.string().min(1).max(100),
  api_key_id: z.string().min(1).max(100),
  account_id: z.string().min(1).max(100),
  method: z.string().min(1).max(16),
  endpoint: z.string().min(1).max(2048),
  status: z.number().int().min(100).max(599),
  duration_ms: z.number().nonnegative().finite(),
  at: z.iso.datetime({ offset: true }),
});

export function decodeApiRequest(value: unknown): { ok: true; event: ApiRequestLogged } | { ok: false; reason: string } {
  const parsed = eventSchema.safeParse(value);
  if (parsed.success) return { ok: true, event: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, reason: `invalid api_request event: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim() };
}
