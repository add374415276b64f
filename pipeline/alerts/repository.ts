import { randomUUID } from 'node:crypto';
import type { DocumentStore } from '../../shared/ports/documentStore.ts';
import type { AlertType, Condition } from './conditions.ts';
import { insertInSlot } from './slots.ts';
import {
  ALERT_SLOT_INDEX,
  alertCollections,
  MAX_ALERTS_PER_ACCOUNT,
  RECENT_TRIGGERS,
  targetKey,
  type AlertDoc,
  type DeliveryDoc,
  type EvalState,
  type TargetKind,
  type TriggerDoc,
} from './model.ts';

/** Alerts as the API reads and writes them; always scoped by owner, so another account's id is simply not found. */
export interface NewAlert {
  readonly owner: string;
  readonly type: AlertType;
  readonly target: { readonly kind: TargetKind; readonly id: string };
  readonly condition: Condition;
  readonly isActive: boolean;
  readonly webhookUrl: string | null;
  readonly notifyEmail: boolean;
  /** The read model's position and price when the alert was made: the first comparison is against it. */
  readonly baseline: EvalState;
  readonly now: Date;
}

export type CreateResult = { ok: true; alert: AlertDoc } | { ok: false; reason: 'limit' };

export async function createAlert(store: DocumentStore, input: NewAlert): Promise<CreateResult> {
  const { alerts } = alertCollections(store);
  const at = input.now.toISOString();
  const id = randomUUID();
  const make = (slot: number): AlertDoc => ({
    _id: id,
    owner: input.owner,
    slot,
    type: input.type,
    canonical_question_id: input.target.kind === 'question' ? input.target.id : null,
    market_id: input.target.kind === 'market' ? input.target.id : null,
    target: targetKey(input.target.kind, input.target.id),
    condition: input.condition,
    is_active: input.isActive,
    webhook_url: input.webhookUrl,
    notify_email: input.notifyEmail,
    created_at: at,
    updated_at: at,
    revision: 0,
    eval: input.baseline,
    trigger_count: 0,
    last_triggered_at: null,
    last_trigger: null,
  });
  const placed = await insertInSlot(alerts, { owner: input.owner }, MAX_ALERTS_PER_ACCOUNT, ALERT_SLOT_INDEX, make);
  return placed.ok ? { ok: true, alert: make(placed.slot) } : { ok: false, reason: 'limit' };
}

export function listAlerts(store: DocumentStore, owner: string): Promise<AlertDoc[]> {
  return alertCollections(store).alerts.find({ owner }, { sort: [['created_at', -1], ['slot', -1]] });
}

export function getOwnedAlert(store: DocumentStore, owner: string, id: string): Promise<AlertDoc | null> {
  return alertCollections(store).alerts.findOne({ _id: id, owner });
}

export interface AlertChanges {
  readonly type?: AlertType;
  readonly condition?: Condition;
  readonly isActive?: boolean;
  readonly webhookUrl?: string | null;
  readonly notifyEmail?: boolean;
  /** Set when the alert is re-armed (resumed or its condition changed): comparisons restart from here. */
  readonly baseline?: EvalState;
}

/** Applies the changes in one atomic update; null when the alert is not the owner's (or is gone). */
export async function updateAlert(store: DocumentStore, owner: string, id: string, changes: AlertChanges, now: Date): Promise<AlertDoc | null> {
  const set: Record<string, unknown> = { updated_at: now.toISOString() };
  if (changes.type !== undefined) set.type = changes.type;
  if (changes.condition !== undefined) set.condition = changes.condition;
  if (changes.isActive !== undefined) set.is_active = changes.isActive;
  if (changes.webhookUrl !== undefined) set.webhook_url = changes.webhookUrl;
  if (changes.notifyEmail !== undefined) set.notify_email = changes.notifyEmail;
  if (changes.baseline !== undefined) set.eval = changes.baseline;
  return alertCollections(store).alerts.updateOne({ _id: id, owner }, { $set: set, $inc: { revision: 1 } });
}

/** Deletes the alert, its trigger history, and cancels notifications not yet sent. */
export async function deleteAlert(store: DocumentStore, owner: string, id: string, now: Date): Promise<AlertDoc | null> {
  const c = alertCollections(store);
  const doc = await c.alerts.takeOne({ _id: id, owner });
  if (!doc) return null;
  const at = now.toISOString();
  await c.deliveries.updateMany(
    { alert_id: id, status: { $in: ['pending', 'sending'] } },
    { $set: { status: 'cancelled', last_error: 'alert deleted', updated_at: at, updated_ms: now.getTime(), lease_until: null } },
  );
  await c.triggers.deleteMany({ alert_id: id });
  return doc;
}

export interface TriggerWithDeliveries {
  readonly trigger: TriggerDoc;
  readonly deliveries: readonly DeliveryDoc[];
}

export async function recentTriggers(store: DocumentStore, alertId: string, limit = RECENT_TRIGGERS): Promise<TriggerWithDeliveries[]> {
  const c = alertCollections(store);
  const triggers = await c.triggers.find({ alert_id: alertId }, { sort: [['triggered_at', -1], ['seq', -1]], limit });
  const deliveries = await c.deliveries.getMany(triggers.flatMap((t) => [`${t._id}:email`, `${t._id}:webhook`]));
  return triggers.map((trigger) => ({ trigger, deliveries: deliveries.filter((d) => d.trigger_id === trigger._id) }));
}
