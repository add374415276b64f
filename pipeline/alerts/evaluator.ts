import type { Logger } from 'pino';
import { DuplicateKeyError, type DocumentStore } from '../../shared/ports/documentStore.ts';
import type { LinkEvent, MarketEvent } from '../../shared/events.ts';
import { uuidFromName } from '../../shared/ids.ts';
import { marketYesPrice, questionIndexPrice, questionObservedAt } from '../../shared/watchedPrices.ts';
import { crosses } from './conditions.ts';
import { alertCollections, parseOwner, targetKey, type AlertDoc, type DeliveryDoc, type TriggerDoc, type TriggerRecord } from './model.ts';
import { readTarget } from './targets.ts';
import { emailMessage, webhookBody, type TargetInfo } from './notification.ts';

/**
 * Evaluates price ticks against the active alerts of their target. Idempotent by stream sequence:
 * each alert remembers the sequence of the last tick it compared (`eval.seq`), so a replayed or
 * redelivered tick changes nothing, and a tick older than an alert's baseline (made before the
 * alert existed) is never compared.
 */
export interface Tick {
  readonly target: string;
  /** Sequence in the target's stream (MARKETS for markets, LINKS for questions). */
  readonly seq: number;
  readonly price: number | null;
  readonly observedAt: string;
  /**
   * Markets: parallel workers may publish an older snapshot after a newer one; a tick observed
   * before the alert's last comparison is then skipped (the markets read model does the same).
   */
  readonly skipIfOlder: boolean;
}

export function tickFromMarketEvent(event: MarketEvent, seq: number): Tick | null {
  if (event.type !== 'market_normalized') return null;
  return { target: targetKey('market', event.market.id), seq, price: marketYesPrice(event.market), observedAt: event.source.fetched_at, skipIfOlder: true };
}

export function tickFromLinkEvent(event: LinkEvent, seq: number): Tick | null {
  if (event.type !== 'question_snapshot') return null;
  const members = event.question.members;
  return { target: targetKey('question', event.question.id), seq, price: questionIndexPrice(members), observedAt: questionObservedAt(members) ?? '', skipIfOlder: false };
}

export interface EvaluatorDeps {
  readonly store: DocumentStore;
  readonly log: Logger;
  readonly now: () => Date;
  readonly publicOrigin?: string | undefined;
  /** Called after notifications were queued, so a delivery worker in this process starts at once. */
  readonly onQueued?: () => void;
}

/** Compare-and-set retries when the API changes an alert while it is evaluated. */
const MAX_RACES = 5;

export const triggerIdFor = (alertId: string, seq: number): string => uuidFromName(`alert-trigger:${alertId}:${seq}`);

/** Returns the number of alerts that fired on this tick. */
export async function evaluateTick(deps: EvaluatorDeps, tick: Tick): Promise<number> {
  const { alerts } = alertCollections(deps.store);
  const active = await alerts.find({ target: tick.target, is_active: true });
  let fired = 0;
  for (const alert of active) if (await evaluateAlert(deps, alert, tick)) fired++;
  return fired;
}

async function evaluateAlert(deps: EvaluatorDeps, first: AlertDoc, tick: Tick): Promise<boolean> {
  const { alerts } = alertCollections(deps.store);
  let alert: AlertDoc | null = first;
  for (let race = 0; race < MAX_RACES && alert?.is_active; race++) {
    const state = alert.eval;
    if (state && tick.seq <= state.seq) {
      // Seen already (replay, redelivery, or before the alert's baseline). If this very tick fired
      // and the process stopped before queueing its notifications, queue them now.
      if (alert.last_trigger?.seq === tick.seq) await queueNotifications(deps, alert, alert.last_trigger);
      return false;
    }
    if (tick.price === null) return false;
    if (tick.skipIfOlder && state?.at && tick.observedAt < state.at) return false;
    const previous = state?.price ?? null;
    const fires = previous !== null && crosses(alert.condition, previous, tick.price);
    const trigger: TriggerRecord | null = fires
      ? { id: triggerIdFor(alert._id, tick.seq), seq: tick.seq, price: tick.price, previous_price: previous as number, observed_at: tick.observedAt, triggered_at: deps.now().toISOString() }
      : null;
    const updated = await alerts.updateOne(
      { _id: alert._id, revision: alert.revision, is_active: true, 'eval.seq': state?.seq ?? null },
      {
        $set: { eval: { seq: tick.seq, price: tick.price, at: tick.observedAt }, ...(trigger ? { last_trigger: trigger, last_triggered_at: trigger.triggered_at } : {}) },
        ...(trigger ? { $inc: { trigger_count: 1 } } : {}),
      },
    );
    if (updated) {
      if (trigger) await queueNotifications(deps, updated, trigger);
      return trigger !== null;
    }
    alert = await alerts.get(alert._id);
  }
  return false;
}

async function insertOnce<T extends { _id: string }>(insert: (doc: T) => Promise<void>, doc: T): Promise<void> {
  try {
    await insert(doc);
  } catch (err) {
    if (!(err instanceof DuplicateKeyError)) throw err;
  }
}

/**
 * Writes the trigger and one delivery per channel, each keyed by the trigger id, so doing it twice
 * (after a crash, on redelivery) adds nothing: exactly one notification per crossing and channel.
 */
export async function queueNotifications(deps: EvaluatorDeps, alert: AlertDoc, trigger: TriggerRecord): Promise<void> {
  const c = alertCollections(deps.store);
  const triggerDoc: TriggerDoc = {
    _id: trigger.id,
    alert_id: alert._id,
    owner: alert.owner,
    target: alert.target,
    condition: alert.condition,
    seq: trigger.seq,
    price: trigger.price,
    previous_price: trigger.previous_price,
    observed_at: trigger.observed_at,
    triggered_at: trigger.triggered_at,
  };
  await insertOnce((d) => c.triggers.insert(d), triggerDoc);
  deps.log.info({ alert_id: alert._id, trigger_id: trigger.id, price: trigger.price, previous_price: trigger.previous_price }, 'alert fired');

  const kind = alert.market_id ? 'market' : 'question';
  const id = (alert.market_id ?? alert.canonical_question_id) as string;
  const now = deps.now();
  const base = {
    trigger_id: trigger.id,
    alert_id: alert._id,
    owner: alert.owner,
    status: 'pending' as const,
    attempts: 0,
    next_attempt_at: now.getTime(),
    lease_until: null,
    last_error: null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    updated_ms: now.getTime(),
    delivered_at: null,
  };
  const wantsEmail = alert.notify_email && parseOwner(alert.owner)?.kind === 'account';
  if (!wantsEmail && !alert.webhook_url) return;
  const found = await readTarget(deps.store, kind, id);
  const target: TargetInfo = { kind, id, title: found?.title ?? null, url: found?.url ?? null };
  if (wantsEmail) {
    const mail = emailMessage(alert, trigger, target, deps.publicOrigin);
    const doc: DeliveryDoc = { _id: `${trigger.id}:email`, channel: 'email', subject: mail.subject, text: mail.text, ...base };
    await insertOnce((d) => c.deliveries.insert(d), doc);
  }
  if (alert.webhook_url) {
    const doc: DeliveryDoc = { _id: `${trigger.id}:webhook`, channel: 'webhook', url: alert.webhook_url, body: webhookBody(alert, trigger, target), ...base };
    await insertOnce((d) => c.deliveries.insert(d), doc);
  }
  deps.onQueued?.();
}
