import { createHmac, randomBytes } from 'node:crypto';
import type { DocumentStore } from '../../shared/ports/documentStore.ts';
import { alertCollections, type WebhookSecretDoc } from './model.ts';
import type { SecretBox } from './secretBox.ts';

/**
 * One webhook signing secret per account (owner key). Issued or rotated by
 * POST /api/v1/alerts/webhook-secret, shown in that response only, sealed at rest.
 */
export const SECRET_PREFIX = 'whsec_';
/** Characters of the secret kept in clear so a user can tell which secret is live. */
export const SHOWN_PREFIX_LENGTH = 12;

export interface SecretMetadata {
  readonly configured: boolean;
  readonly secret_prefix: string | null;
  readonly created_at: string | null;
  readonly rotated_at: string | null;
}

export function secretMetadata(doc: WebhookSecretDoc | null): SecretMetadata {
  return {
    configured: doc !== null,
    secret_prefix: doc?.secret_prefix ?? null,
    created_at: doc?.created_at ?? null,
    rotated_at: doc?.rotated_at ?? null,
  };
}

/** A new secret (256 random bits), replacing any previous one at once. */
export async function issueWebhookSecret(store: DocumentStore, box: SecretBox, owner: string, now: Date): Promise<{ secret: string; metadata: SecretMetadata }> {
  const { webhookSecrets } = alertCollections(store);
  const secret = SECRET_PREFIX + randomBytes(32).toString('base64url');
  const previous = await webhookSecrets.get(owner);
  const at = now.toISOString();
  const doc: WebhookSecretDoc = {
    _id: owner,
    sealed: box.seal(secret),
    key_id: box.keyId,
    secret_prefix: secret.slice(0, SHOWN_PREFIX_LENGTH),
    created_at: previous?.created_at ?? at,
    rotated_at: previous ? at : null,
  };
  await webhookSecrets.put(doc);
  return { secret, metadata: secretMetadata(doc) };
}

export async function webhookSecretMetadata(store: DocumentStore, owner: string): Promise<SecretMetadata> {
  return secretMetadata(await alertCollections(store).webhookSecrets.get(owner));
}

export type OpenedSecret = { ok: true; secret: string } | { ok: false; reason: string };

/** The clear secret for signing; a missing secret or a key change is an explained failure. */
export async function openWebhookSecret(store: DocumentStore, box: SecretBox, owner: string): Promise<OpenedSecret> {
  const doc = await alertCollections(store).webhookSecrets.get(owner);
  if (!doc) return { ok: false, reason: 'the account has no webhook signing secret (POST /api/v1/alerts/webhook-secret)' };
  const secret = box.open(doc.sealed);
  if (secret === null) {
    return { ok: false, reason: `the webhook secret was sealed under key ${doc.key_id} but this process has key ${box.keyId}; give every role the same ALERTS_SECRET_KEY (or JWT_ACCESS_SECRET)` };
  }
  return { ok: true, secret };
}

/** `sha256=<hex>` of HMAC-SHA256 over the exact body bytes, keyed with the secret's UTF-8 bytes. */
export function signatureHeader(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}
