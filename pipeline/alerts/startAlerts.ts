import type { Logger } from 'pino';
import type { Config } from '../../shared/config.ts';
import type { DocumentStore } from '../../shared/ports/documentStore.ts';
import type { Mailer } from '../../shared/ports/mail.ts';
import type { LinkEvent, MarketEvent } from '../../shared/events.ts';
import type { StreamConnection } from '../streams/connection.ts';
import { ACK, runConsumer, type ConsumerLoop, type HandleOutcome } from '../streams/consume.ts';
import { provisionDurable } from '../streams/provision.ts';
import { marketsProjection } from '../../projections/markets/projection.ts';
import { questionsProjection } from '../../projections/questions/projection.ts';
import { createMailer } from '../../adapters/mail/createMailer.ts';
import { alertCollections, ensureAlertIndexes, targetKey } from './model.ts';
import { evaluateTick, tickFromLinkEvent, tickFromMarketEvent, type EvaluatorDeps, type Tick } from './evaluator.ts';
import { startDeliveryWorker, type DeliveryWorker } from './delivery/worker.ts';
import { secretBoxFor } from './secretBox.ts';

/** Durable consumers of the alerts role: venue market prices (MARKETS) and question index prices (LINKS). */
export const ALERTS_MARKETS_DURABLE = 'alerts-markets';
export const ALERTS_INDEX_DURABLE = 'alerts-index';

export interface AlertsDeps {
  readonly config: Config;
  readonly conn: StreamConnection;
  readonly store: DocumentStore;
  readonly log: Logger;
  readonly mailer?: Mailer;
  readonly now?: () => Date;
  /** Outbox poll interval (tests). */
  readonly pollMs?: number;
}

export interface AlertsRole {
  readonly worker: DeliveryWorker;
  stop(): Promise<void>;
}

/** The target a raw event is about, read without validating the rest: most ticks concern no alert at all. */
export type TargetOf = (value: unknown) => string | null;

export const marketTargetOf: TargetOf = (value) => {
  const v = value as { type?: unknown; market?: { id?: unknown } } | null;
  return v?.type === 'market_normalized' && typeof v.market?.id === 'string' ? targetKey('market', v.market.id) : null;
};
export const questionTargetOf: TargetOf = (value) => {
  const v = value as { type?: unknown; question?: { id?: unknown } } | null;
  return v?.type === 'question_snapshot' && typeof v.question?.id === 'string' ? targetKey('question', v.question.id) : null;
};

/**
 * One handler per stream. A tick whose target no active alert watches is acknowledged after one
 * indexed lookup (no full validation: the projections validate and dead-letter every message). A
 * watched one is decoded in full (poison is dead-lettered), turned into a tick and evaluated.
 */
export function tickHandler<E>(
  decode: (value: unknown) => { ok: true; event: E } | { ok: false; reason: string },
  toTick: (event: E, seq: number) => Tick | null,
  deps: EvaluatorDeps,
  targetOf?: TargetOf,
) {
  const { alerts } = alertCollections(deps.store);
  return async (data: Uint8Array, meta: { streamSeq: number }): Promise<HandleOutcome> => {
    let value: unknown;
    try {
      value = JSON.parse(Buffer.from(data).toString('utf8'));
    } catch {
      return { kind: 'poison', reason: 'message is not valid JSON' };
    }
    const target = targetOf?.(value);
    if (target === null || (target !== undefined && !(await alerts.findOne({ target, is_active: true })))) return ACK;
    const decoded = decode(value);
    if (!decoded.ok) return { kind: 'poison', reason: decoded.reason };
    const tick = toTick(decoded.event, meta.streamSeq);
    if (tick) await evaluateTick(deps, tick);
    return ACK;
  };
}

/**
 * The alerts role (`--role alerts`): two durable consumers that evaluate every price change against
 * the alerts watching it, and the delivery worker that sends what they queue. Each consumer keeps one
 * message in flight (max_ack_pending 1): stream order is what makes "previous
 * price" mean something, and a second process of the role takes over rather than interleaves. New
 * durables start at the end of their stream: alerts react to prices from now on.
 */
export async function startAlerts(deps: AlertsDeps): Promise<AlertsRole> {
  const log = deps.log.child({ role: 'alerts' });
  await ensureAlertIndexes(deps.store);
  const worker = startDeliveryWorker({
    store: deps.store,
    log,
    mailer: deps.mailer ?? createMailer(deps.config, deps.store, log),
    box: secretBoxFor(deps.config),
    policy: { requireHttps: deps.config.NODE_ENV === 'production', allowPrivate: deps.config.ALERTS_WEBHOOK_ALLOW_PRIVATE },
    timeoutMs: deps.config.ALERTS_WEBHOOK_TIMEOUT_MS,
    retryBaseMs: deps.config.ALERTS_RETRY_BASE_MS,
    maxAttempts: deps.config.ALERTS_MAX_ATTEMPTS,
    ...(deps.pollMs !== undefined ? { pollMs: deps.pollMs } : {}),
  });
  const evaluator: EvaluatorDeps = {
    store: deps.store,
    log,
    now: deps.now ?? (() => new Date()),
    publicOrigin: deps.config.PUBLIC_ORIGIN,
    onQueued: () => worker.nudge(),
  };
  const loops: ConsumerLoop[] = [];
  try {
    const consumers = [
      { stream: 'markets' as const, durable: ALERTS_MARKETS_DURABLE, handle: tickHandler<MarketEvent>(marketsProjection.decode, tickFromMarketEvent, evaluator, marketTargetOf) },
      { stream: 'links' as const, durable: ALERTS_INDEX_DURABLE, handle: tickHandler<LinkEvent>(questionsProjection.decode, tickFromLinkEvent, evaluator, questionTargetOf) },
    ];
    for (const c of consumers) {
      await provisionDurable(deps.conn.jsm, { stream: c.stream, durable: c.durable, maxAckPending: 1, maxDeliver: 20, ackWaitMs: 30_000, deliverNew: true });
      loops.push(runConsumer({ conn: deps.conn, stream: c.stream, durable: c.durable, log, concurrency: 1, maxDeliver: 20, handle: c.handle }));
    }
  } catch (err) {
    await Promise.allSettled(loops.map((l) => l.stop()));
    await worker.stop();
    throw err;
  }
  log.info({ durables: [ALERTS_MARKETS_DURABLE, ALERTS_INDEX_DURABLE] }, 'alert evaluation started');
  return {
    worker,
    stop: async () => {
      await Promise.all(loops.map((l) => l.stop()));
      await worker.stop();
    },
  };
}
