import { z } from 'zod';
import { ALERT_TYPES, MARKET_FIELD, OPERATORS, QUESTION_FIELD } from '../../../pipeline/alerts/conditions.ts';
import { countMeta, dataEnvelope, isoDateTime, message, probability, uuid } from './common.ts';

/** Price alerts and the account's webhook signing secret (docs/watchlists-alerts.md, "Alerts"). */

export const alertSchema = z
  .object({
    id: uuid,
    type: z.enum(ALERT_TYPES),
    canonical_question_id: uuid.nullable().meta({ description: 'set when the alert watches the cross-venue index price' }),
    market_id: uuid.nullable().meta({ description: "set when the alert watches one venue market's Yes price" }),
    condition: z.object({ field: z.enum([QUESTION_FIELD, MARKET_FIELD]), operator: z.enum(OPERATORS), value: probability }).meta({ id: 'AlertCondition' }),
    is_active: z.boolean().meta({ description: 'false: paused' }),
    webhook_url: z.string().nullable(),
    notify_email: z.boolean(),
    created_at: isoDateTime,
    updated_at: isoDateTime,
    trigger_count: z.number().int().min(0),
    last_triggered_at: isoDateTime.nullable(),
  })
  .meta({ id: 'Alert' });

const triggerSchema = z
  .object({
    id: z.string(),
    triggered_at: isoDateTime.meta({ description: 'when the crossing was detected' }),
    observed_at: isoDateTime.meta({ description: 'when the venue price was observed' }),
    price: probability,
    previous_price: probability,
    notifications: z.array(
      z.object({
        channel: z.enum(['email', 'webhook']),
        status: z.enum(['pending', 'sending', 'delivered', 'failed', 'cancelled']),
        attempts: z.number().int().min(0),
        last_error: z.string().nullable(),
        delivered_at: isoDateTime.nullable(),
      }),
    ),
  })
  .meta({ id: 'AlertTrigger' });

export const alertListResponse = dataEnvelope(z.array(alertSchema), { meta: countMeta.extend({ limit: z.number().int().meta({ description: 'most alerts an account may hold' }) }) });
export const alertResponse = dataEnvelope(alertSchema);
export const alertDeletedResponse = dataEnvelope(alertSchema, { message });
export const alertDetailResponse = dataEnvelope(alertSchema.extend({ recent_triggers: z.array(triggerSchema).meta({ description: 'the newest 10, newest first' }) }));

const secretMetadata = {
  secret_prefix: z.string().nullable().meta({ description: 'first 12 characters of the secret' }),
  created_at: isoDateTime.nullable(),
  rotated_at: isoDateTime.nullable().meta({ description: 'when the secret was last replaced' }),
};

export const webhookSecretStatusResponse = dataEnvelope(z.object({ configured: z.boolean(), ...secretMetadata }));
export const webhookSecretIssuedResponse = dataEnvelope(
  z.object({ secret: z.string().meta({ description: 'whsec_…: shown in this answer only' }), configured: z.literal(true), ...secretMetadata }),
  { message },
);
