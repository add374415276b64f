import { AckPolicy, DeliverPolicy, RetentionPolicy, StorageType, type JetStreamManager } from 'nats';
import type { Logger } from 'pino';
import { STREAMS, type StreamKey } from '../../shared/streams/subjects.ts';

const DAY_NS = 24 * 60 * 60 * 1_000_000_000;

/**
 * Retention per stream. RAW keeps a week (replay source for re-normalisation); MARKETS keeps
 * 90 days so price history can be derived; USAGE keeps 100 days for monthly stats; ARB two weeks.
 */
const RETENTION: Record<StreamKey, { maxAgeDays: number; duplicateWindowMinutes: number }> = {
  raw: { maxAgeDays: 7, duplicateWindowMinutes: 10 },
  markets: { maxAgeDays: 90, duplicateWindowMinutes: 10 },
  venues: { maxAgeDays: 30, duplicateWindowMinutes: 2 },
  links: { maxAgeDays: 365, duplicateWindowMinutes: 10 },
  usage: { maxAgeDays: 100, duplicateWindowMinutes: 2 },
  // Long enough for a stream client to resume (Last-Event-ID) after days away, and to rebuild the read model.
  arbitrage: { maxAgeDays: 14, duplicateWindowMinutes: 2 },
  deadLetter: { maxAgeDays: 30, duplicateWindowMinutes: 2 },
};

/** Creates or updates every stream; idempotent, safe on every start. */
export async function provisionStreams(jsm: JetStreamManager, log: Logger): Promise<void> {
  for (const [key, def] of Object.entries(STREAMS) as [StreamKey, (typeof STREAMS)[StreamKey]][]) {
    const retention = RETENTION[key];
    const config = {
      name: def.name,
      subjects: [...def.subjects],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      max_age: retention.maxAgeDays * DAY_NS,
      duplicate_window: retention.duplicateWindowMinutes * 60 * 1_000_000_000,
    };
    try {
      await jsm.streams.info(def.name);
      await jsm.streams.update(def.name, config);
    } catch (err) {
      if (!isNotFound(err)) throw err;
      await jsm.streams.add(config);
      log.info({ stream: def.name }, 'stream created');
    }
  }
}

export interface DurableSpec {
  readonly stream: StreamKey;
  readonly durable: string;
  readonly filterSubject?: string;
  /** Redeliveries before a message is given up (then dead-lettered by the consumer loop). */
  readonly maxDeliver?: number;
  readonly ackWaitMs?: number;
  readonly maxAckPending?: number;
  /** Start at the end of the stream when first created (consumers that react to new events only). */
  readonly deliverNew?: boolean;
}

/** Creates the durable pull consumer if missing (explicit ack, from the start of the stream). */
export async function provisionDurable(jsm: JetStreamManager, spec: DurableSpec): Promise<void> {
  const stream = STREAMS[spec.stream].name;
  try {
    await jsm.consumers.info(stream, spec.durable);
    return;
  } catch (err) {
    if (!isNotFound(err)) throw err;
  }
  await jsm.consumers.add(stream, {
    durable_name: spec.durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: spec.deliverNew ? DeliverPolicy.New : DeliverPolicy.All,
    ack_wait: (spec.ackWaitMs ?? 30_000) * 1_000_000,
    max_deliver: spec.maxDeliver ?? 20,
    max_ack_pending: spec.maxAckPending ?? 1000,
    ...(spec.filterSubject ? { filter_subject: spec.filterSubject } : {}),
  });
}

/** Deletes a durable so a projection can be rebuilt from the start of its stream. */
export async function deleteDurable(jsm: JetStreamManager, stream: StreamKey, durable: string): Promise<void> {
  try {
    await jsm.consumers.delete(STREAMS[stream].name, durable);
  } catch (err) {
    if (!isNotFound(err)) throw err;
  }
}

export function isNotFound(err: unknown): boolean {
  const e = err as { api_error?: { err_code?: number; code?: number }; code?: string; message?: string };
  return e?.api_error?.code === 404 || e?.code === '404' || /not found/i.test(e?.message ?? '');
}
