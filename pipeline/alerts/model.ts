import type { Doc, DocumentStore, IndexSpec } from '../../shared/ports/documentStore.ts';
import type { AlertType, Condition } from './conditions.ts';

/**
 * Documents of the alerts feature, shared by the API (writes alerts) and the alerts role
 * (evaluates them and delivers notifications). Account data: written straight to the store.
 */

/**
 * Who owns an alert or a watchlist. Email accounts and wallet (SIWE) accounts live in separate
 * collections and never merge, so the owner key carries the kind: `account:<id>` or `wallet:<id>`.
 */
export type OwnerKind = 'account' | 'wallet';
export const ownerKey = (kind: OwnerKind, accountId: string): string => `${kind}:${accountId}`;
export function parseOwner(owner: string): { kind: OwnerKind; accountId: string } | null {
  const colon = owner.indexOf(':');
  const kind = owner.slice(0, colon);
  if (kind !== 'account' && kind !== 'wallet') return null;
  return { kind, accountId: owner.slice(colon + 1) };
}

/** What an alert watches: `market:<uuid>` (MARKETS stream) or `question:<uuid>` (LINKS stream). */
export type TargetKind = 'market' | 'question';
export const targetKey = (kind: TargetKind, id: string): string => `${kind}:${id}`;

/**
 * The last observation the evaluator compared against: stream sequence (of the target's stream),
 * price, and observation time. Set from the read model when the alert is created or re-armed by
 * the API (the baseline), then by the evaluator on every newer tick.
 */
export interface EvalState {
  readonly seq: number;
  readonly price: number | null;
  readonly at: string | null;
}

export interface TriggerRecord {
  readonly id: string;
  readonly seq: number;
  readonly price: number;
  readonly previous_price: number;
  readonly observed_at: string;
  readonly triggered_at: string;
}

export interface AlertDoc extends Doc {
  readonly owner: string;
  /** Numbered place among the owner's alerts (alerts/slots.ts bounds the count). */
  readonly slot: number;
  readonly type: AlertType;
  readonly canonical_question_id: string | null;
  readonly market_id: string | null;
  readonly target: string;
  readonly condition: Condition;
  readonly is_active: boolean;
  readonly webhook_url: string | null;
  readonly notify_email: boolean;
  readonly created_at: string;
  readonly updated_at: string;
  /** Moves on at every API update; the evaluator's compare-and-set includes it. */
  readonly revision: number;
  readonly eval: EvalState | null;
  readonly trigger_count: number;
  readonly last_triggered_at: string | null;
  /** The newest trigger, written in the same atomic update that counts it (crash recovery). */
  readonly last_trigger: TriggerRecord | null;
}

export interface TriggerDoc extends Doc, Omit<TriggerRecord, 'id'> {
  readonly alert_id: string;
  readonly owner: string;
  readonly target: string;
  readonly condition: Condition;
}

export type DeliveryChannel = 'email' | 'webhook';
export type DeliveryStatus = 'pending' | 'sending' | 'delivered' | 'failed' | 'cancelled';

/** One notification of one trigger on one channel: the durable delivery queue (an outbox). */
export interface DeliveryDoc extends Doc {
  readonly trigger_id: string;
  readonly alert_id: string;
  readonly owner: string;
  readonly channel: DeliveryChannel;
  /** Email: the subject and text; webhook: the URL and the exact JSON body that is signed and sent on every attempt. */
  readonly subject?: string;
  readonly text?: string;
  readonly url?: string;
  readonly body?: string;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  /** Epoch ms; when a pending delivery may be tried next. */
  readonly next_attempt_at: number;
  /** Epoch ms; a `sending` delivery whose lease ran out (its process died) is taken again. */
  readonly lease_until: number | null;
  readonly last_error: string | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly updated_ms: number;
  readonly delivered_at: string | null;
}

export interface WebhookSecretDoc extends Doc {
  /** AES-256-GCM sealed secret (secretBox.ts). */
  readonly sealed: string;
  readonly key_id: string;
  readonly secret_prefix: string;
  readonly created_at: string;
  readonly rotated_at: string | null;
}

export const COLLECTIONS = {
  alerts: 'alerts',
  triggers: 'alert_triggers',
  deliveries: 'alert_deliveries',
  webhookSecrets: 'alert_webhook_secrets',
} as const;

export const ALERT_SLOT_INDEX = 'by_owner_slot';

const INDEXES: Record<keyof typeof COLLECTIONS, readonly IndexSpec[]> = {
  alerts: [
    { name: 'by_owner', fields: [['owner', 1], ['created_at', -1]] },
    { name: ALERT_SLOT_INDEX, fields: [['owner', 1], ['slot', 1]], unique: true },
    { name: 'by_target', fields: [['target', 1], ['is_active', 1]] },
  ],
  triggers: [{ name: 'by_alert', fields: [['alert_id', 1], ['triggered_at', -1]] }],
  deliveries: [
    { name: 'by_due', fields: [['status', 1], ['next_attempt_at', 1]] },
    { name: 'by_lease', fields: [['status', 1], ['lease_until', 1]] },
    { name: 'by_alert', fields: [['alert_id', 1], ['status', 1]] },
  ],
  webhookSecrets: [],
};

export function alertCollections(store: DocumentStore) {
  return {
    alerts: store.collection<AlertDoc>(COLLECTIONS.alerts),
    triggers: store.collection<TriggerDoc>(COLLECTIONS.triggers),
    deliveries: store.collection<DeliveryDoc>(COLLECTIONS.deliveries),
    webhookSecrets: store.collection<WebhookSecretDoc>(COLLECTIONS.webhookSecrets),
  };
}
export type AlertCollections = ReturnType<typeof alertCollections>;

const ensured = new WeakMap<DocumentStore, Promise<void>>();

/** Declares every index once per store (the API and the role both call it; it is idempotent). */
export function ensureAlertIndexes(store: DocumentStore): Promise<void> {
  let done = ensured.get(store);
  if (!done) {
    const c = alertCollections(store);
    done = Promise.all((Object.keys(COLLECTIONS) as (keyof typeof COLLECTIONS)[]).map((k) => c[k].ensureIndexes(INDEXES[k]))).then(() => undefined);
    done.catch(() => ensured.delete(store));
    ensured.set(store, done);
  }
  return done;
}

/** At most this many alerts per account (409 beyond): evaluation cost stays bounded per account. */
export const MAX_ALERTS_PER_ACCOUNT = 100;
/** Triggers shown by GET /alerts/{id}. */
export const RECENT_TRIGGERS = 10;
