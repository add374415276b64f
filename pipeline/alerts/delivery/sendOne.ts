import type { DocumentStore } from '../../../shared/ports/documentStore.ts';
import type { Mailer } from '../../../shared/ports/mail.ts';
import type { AccountDoc } from '../../../api/auth/accounts.ts';
import { ACCOUNTS } from '../../../api/auth/accounts.ts';
import { WEBHOOK_EVENT } from '../notification.ts';
import { parseOwner, type DeliveryDoc } from '../model.ts';
import type { SecretBox } from '../secretBox.ts';
import { openWebhookSecret, signatureHeader } from '../webhookSecrets.ts';
import type { WebhookPolicy } from '../webhookUrl.ts';
import { postWebhook } from './webhookSender.ts';

/** Sends one claimed delivery once. Outcomes are values: the worker decides retry or give up. */
export type SendResult = { ok: true } | { ok: false; error: string; retry: boolean };

export interface SendDeps {
  readonly store: DocumentStore;
  readonly mailer: Mailer;
  readonly box: SecretBox;
  readonly policy: WebhookPolicy;
  readonly timeoutMs: number;
}

/** Header names of a webhook; the signature covers the exact body bytes (docs/watchlists-alerts.md). */
export const WEBHOOK_HEADERS = {
  signature: 'x-concord-signature-256',
  delivery: 'x-concord-delivery',
  event: 'x-concord-event',
  attempt: 'x-concord-attempt',
} as const;

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

async function sendEmail(deps: SendDeps, d: DeliveryDoc): Promise<SendResult> {
  const owner = parseOwner(d.owner);
  if (owner?.kind !== 'account') return { ok: false, error: 'only email accounts receive alert mail', retry: false };
  // The address is read at send time, so mail follows the account's current address.
  const account = await deps.store.collection<AccountDoc>(ACCOUNTS).get(owner.accountId);
  if (!account) return { ok: false, error: 'the account no longer exists', retry: false };
  try {
    await withTimeout(deps.mailer.send({ id: d._id, to: account.email, subject: d.subject ?? 'Concord alert', text: d.text ?? '' }), deps.timeoutMs, 'the mail transport');
    return { ok: true };
  } catch (err) {
    return { ok: false, error: `mail transport: ${err instanceof Error ? err.message : String(err)}`.slice(0, 500), retry: true };
  }
}

async function sendWebhook(deps: SendDeps, d: DeliveryDoc): Promise<SendResult> {
  if (!d.url || d.body === undefined) return { ok: false, error: 'delivery has no URL or body', retry: false };
  // Signed with the secret current at send time: after a rotation, retries carry the new signature.
  const secret = await openWebhookSecret(deps.store, deps.box, d.owner);
  if (!secret.ok) return { ok: false, error: secret.reason, retry: true };
  const result = await postWebhook(
    d.url,
    d.body,
    {
      'user-agent': 'Concord-Webhooks/1.0',
      [WEBHOOK_HEADERS.signature]: signatureHeader(secret.secret, d.body),
      [WEBHOOK_HEADERS.delivery]: d.trigger_id,
      [WEBHOOK_HEADERS.event]: WEBHOOK_EVENT,
      [WEBHOOK_HEADERS.attempt]: String(d.attempts),
    },
    { timeoutMs: deps.timeoutMs, policy: deps.policy },
  );
  return result.ok ? { ok: true } : { ok: false, error: result.error.slice(0, 500), retry: true };
}

export function sendDelivery(deps: SendDeps, d: DeliveryDoc): Promise<SendResult> {
  return d.channel === 'email' ? sendEmail(deps, d) : sendWebhook(deps, d);
}
