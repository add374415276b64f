import type { AlertDoc } from '../../pipeline/alerts/model.ts';
import type { TriggerWithDeliveries } from '../../pipeline/alerts/repository.ts';

/** The Alert of the spec plus what we add: updated_at, delivery settings and trigger counters. */
export function alertView(doc: AlertDoc) {
  return {
    id: doc._id,
    type: doc.type,
    canonical_question_id: doc.canonical_question_id,
    market_id: doc.market_id,
    condition: { field: doc.condition.field, operator: doc.condition.operator, value: doc.condition.value },
    is_active: doc.is_active,
    webhook_url: doc.webhook_url,
    notify_email: doc.notify_email,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
    trigger_count: doc.trigger_count,
    last_triggered_at: doc.last_triggered_at,
  };
}

/** GET /alerts/{id}: the alert with its newest triggers and how each notification went. */
export function alertDetailView(doc: AlertDoc, triggers: readonly TriggerWithDeliveries[]) {
  return {
    ...alertView(doc),
    recent_triggers: triggers.map(({ trigger, deliveries }) => ({
      id: trigger._id,
      triggered_at: trigger.triggered_at,
      observed_at: trigger.observed_at,
      price: trigger.price,
      previous_price: trigger.previous_price,
      notifications: deliveries.map((d) => ({
        channel: d.channel,
        status: d.status,
        attempts: d.attempts,
        last_error: d.last_error,
        delivered_at: d.delivered_at,
      })),
    })),
  };
}
