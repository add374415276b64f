import type { AlertDoc, TriggerRecord } from './model.ts';

/** What a trigger tells its owner, by mail and by webhook. Pure; built once per trigger so every retry sends the same bytes. */
export interface TargetInfo {
  readonly kind: 'market' | 'question';
  readonly id: string;
  readonly title: string | null;
  readonly url: string | null;
}

export const WEBHOOK_EVENT = 'alert.triggered';

const pct = (p: number) => `${(p * 100).toFixed(1)}%`;

const OPERATOR_WORDS = { above: 'rose above', below: 'fell below', equals: 'reached' } as const;

/** The webhook body: JSON, stable key order, the trigger id doubling as the delivery id receivers dedupe on. */
export function webhookBody(alert: AlertDoc, trigger: TriggerRecord, target: TargetInfo): string {
  return JSON.stringify({
    id: trigger.id,
    type: WEBHOOK_EVENT,
    created_at: trigger.triggered_at,
    data: {
      alert: {
        id: alert._id,
        type: alert.type,
        canonical_question_id: alert.canonical_question_id,
        market_id: alert.market_id,
        condition: alert.condition,
      },
      trigger: {
        id: trigger.id,
        price: trigger.price,
        previous_price: trigger.previous_price,
        observed_at: trigger.observed_at,
        triggered_at: trigger.triggered_at,
      },
      target,
    },
  });
}

export function emailMessage(alert: AlertDoc, trigger: TriggerRecord, target: TargetInfo, publicOrigin: string | undefined): { subject: string; text: string } {
  const what = target.kind === 'question' ? 'index price' : 'price';
  const title = target.title ?? `${target.kind} ${target.id}`;
  const verb = OPERATOR_WORDS[alert.condition.operator];
  const subject = `Concord alert: ${title.slice(0, 120)} ${verb} ${pct(alert.condition.value)}`;
  const lines = [
    `Your price alert fired: the ${what} of "${title}" ${verb} ${pct(alert.condition.value)}.`,
    '',
    `Price now:      ${pct(trigger.price)} (${trigger.price})`,
    `Previous price: ${pct(trigger.previous_price)} (${trigger.previous_price})`,
    `Observed at:    ${trigger.observed_at}`,
    `Detected at:    ${trigger.triggered_at}`,
    `Condition:      ${alert.condition.field} ${alert.condition.operator} ${alert.condition.value}`,
  ];
  if (target.url) lines.push(`Market:         ${target.url}`);
  if (target.kind === 'question' && publicOrigin) lines.push(`Question:       ${publicOrigin.replace(/\/$/, '')}/api/v1/questions/${target.id}`);
  lines.push(
    '',
    `The alert fires again only after the price moves back across ${alert.condition.value}.`,
    `Alert ${alert._id}: pause it with PATCH /api/v1/alerts/${alert._id} {"is_active": false}.`,
  );
  return { subject, text: lines.join('\n') };
}
