import { z } from 'zod';
import { canonicalUuid, isUuid } from '../../shared/ids.ts';
import { ALERT_TYPES, MARKET_FIELD, OPERATORS, QUESTION_FIELD } from '../../pipeline/alerts/conditions.ts';
import { displayNameField, required } from '../http/textFields.ts';

/** Request bodies of /alerts and /watchlists, each problem named by its field (api/http/validate.ts). */


/** `what` with its article: 'a market', 'an alert'. */
export const uuidField = (what: string) =>
  z
    .string({ error: required(`must be ${what} UUID string`) })
    .refine(isUuid, `must be ${what} UUID`)
    .overwrite(canonicalUuid)
    .meta({ format: 'uuid', description: `${what.replace(/^an? /, '')} UUID` });

/** Path parameters of /alerts/{id}, /watchlists/{id} and /watchlists/{id}/items/{itemId}. */
export const alertIdParams = z.object({ id: uuidField('an alert') });
export const watchlistIdParams = z.object({ id: uuidField('a watchlist') });
export const watchlistItemParams = z.object({ id: uuidField('a watchlist'), itemId: uuidField('a watchlist item') });

const FIELDS = [QUESTION_FIELD, MARKET_FIELD] as const;

export const typeField = z.enum(ALERT_TYPES, { error: required(`must be one of ${ALERT_TYPES.join(', ')}`) });
const fieldField = z.enum(FIELDS, { error: required(`must be '${QUESTION_FIELD}' (canonical question) or '${MARKET_FIELD}' (venue market Yes price)`) });
const operatorField = z.enum(OPERATORS, { error: required(`must be one of ${OPERATORS.join(', ')}`) });
const valueField = z
  .number({ error: required('must be a number from 0 to 1 (a probability)') })
  .min(0, 'must be a number from 0 to 1 (a probability)')
  .max(1, 'must be a number from 0 to 1 (a probability)');

const CONDITION_HINT = `must be an object {field, operator, value}, e.g. {"field": "${QUESTION_FIELD}", "operator": "above", "value": 0.6}`;

export const conditionField = z.object({ field: fieldField, operator: operatorField, value: valueField }, { error: required(CONDITION_HINT) }).strict();
export const conditionPatchField = z
  .object({ field: fieldField.optional(), operator: operatorField.optional(), value: valueField.optional() }, { error: CONDITION_HINT })
  .strict();

const booleanField = z.boolean({ error: 'must be true or false' });
/** Checked further (scheme, addresses) by alerts/webhookUrl.ts; null removes it. */
const webhookField = z.string({ error: 'must be an https URL string, or null to remove it' }).trim().min(1, 'must not be empty (use null to remove it)').nullable();

const BODY_HINT = 'the request body must be a JSON object';

export const createAlertBody = z
  .object(
    {
      type: typeField,
      condition: conditionField,
      canonical_question_id: uuidField('a canonical question').nullable().optional(),
      market_id: uuidField('a market').nullable().optional(),
      is_active: booleanField.optional(),
      webhook_url: webhookField.optional(),
      notify_email: booleanField.optional(),
    },
    { error: BODY_HINT },
  )
  .strict();
export type CreateAlertBody = z.infer<typeof createAlertBody>;

export const PATCHABLE = ['type', 'condition', 'is_active', 'webhook_url', 'notify_email'] as const;

export const updateAlertBody = z
  .object(
    {
      type: typeField.optional(),
      condition: conditionPatchField.optional(),
      is_active: booleanField.optional(),
      webhook_url: webhookField.optional(),
      notify_email: booleanField.optional(),
    },
    { error: BODY_HINT },
  )
  .strict()
  .refine((b) => PATCHABLE.some((k) => b[k] !== undefined), `give at least one of ${PATCHABLE.join(', ')}`);
export type UpdateAlertBody = z.infer<typeof updateAlertBody>;

/** Watchlist names: a display name like a key's or an account's (api/http/textFields.ts), 1-100 characters. */
export const watchlistNameField = displayNameField(1, 100);

export const watchlistBody = z.object({ name: watchlistNameField }, { error: BODY_HINT }).strict();

export const itemBody = z
  .object(
    {
      canonical_question_id: uuidField('a canonical question').nullable().optional(),
      market_id: uuidField('a market').nullable().optional(),
    },
    { error: BODY_HINT },
  )
  .strict()
  .refine((b) => Boolean(b.canonical_question_id || b.market_id), 'give canonical_question_id, market_id, or both');
