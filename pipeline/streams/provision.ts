import { AckPolicy, DeliverPolicy, DiscardPolicy, RetentionPolicy, StorageType, type JetStreamManager, type StreamConfig } from 'nats';
import type { Logger } from 'pino';
import { STREAMS, type StreamKey } from '../../shared/streams/subjects.ts';

const DAY_NS = 24 * 60 * 60 * 1_000_000_000;
const MINUTE_NS = 60 * 1_000_000_000;
const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

export interface StreamRetention {
  /** Messages older than this are removed: how far back a replay can rebuild from. */
  readonly maxAgeDays: number;
  /** Disk bound; whichever of age and bytes is reached first applies. */
  readonly maxBytes: number;
  /** What happens at the byte bound: `old` drops the oldest messages, `new` refuses the publish. */
  readonly discard: 'old' | 'new';
  /** Window in which a repeated msgID is dropped (dedupe of retried publishes). */
  readonly duplicateWindowMinutes: number;
}

/**
 * Retention per stream, explicit (docs/operations.md "Stream retention" gives the reasoning per row). A new
 * stream adds one row here; the type makes a missing row a compile error.
 */
export const RETENTION: Record<StreamKey, StreamRetention> = {
  // Replay source for re-normalisation. Every live item is re-published at least daily (ChangeTracker), so a
  // week holds each item's latest content several times over; bytes bound a venue dumping its catalogue.
  raw: { maxAgeDays: 7, maxBytes: 4 * GiB, discard: 'old', duplicateWindowMinutes: 10 },
  // Rebuilds markets/questions and derives price history: 90 days of snapshots.
  markets: { maxAgeDays: 90, maxBytes: 8 * GiB, discard: 'old', duplicateWindowMinutes: 10 },
  // Venue health events: small; a month explains a venue's recent trouble.
  venues: { maxAgeDays: 30, maxBytes: 256 * MiB, discard: 'old', duplicateWindowMinutes: 2 },
  // The linker's decisions cannot be recomputed cheaply (embeddings, overrides, order): keep a year.
  links: { maxAgeDays: 365, maxBytes: 2 * GiB, discard: 'old', duplicateWindowMinutes: 10 },
  // Console statistics cover the current and previous calendar month (up to 62 days) plus slack.
  usage: { maxAgeDays: 100, maxBytes: 4 * GiB, discard: 'old', duplicateWindowMinutes: 2 },
  // Long enough for a stream client to resume (Last-Event-ID) after days away, and to rebuild the read model.
  arbitrage: { maxAgeDays: 14, maxBytes: 2 * GiB, discard: 'old', duplicateWindowMinutes: 2 },
  // One message per market, ever: kept a year so a rebuild restores backfilled history beyond MARKETS' 90 days.
  history: { maxAgeDays: 365, maxBytes: 4 * GiB, discard: 'old', duplicateWindowMinutes: 60 },
  // Dead letters wait for an operator: a month, bounded so a poison flood cannot fill the disk.
  deadLetter: { maxAgeDays: 30, maxBytes: 256 * MiB, discard: 'old', duplicateWindowMinutes: 2 },
};

/** Smallest byte bound provisioning falls back to when the server cannot reserve the configured one. */
const MIN_FALLBACK_BYTES = 64 * MiB;

export function streamConfig(key: StreamKey, maxBytes = RETENTION[key].maxBytes, replicas = 1): Partial<StreamConfig> & { name: string } {
  const def = STREAMS[key];
  const r = RETENTION[key];
  return {
    name: def.name,
    subjects: [...def.subjects],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    max_age: r.maxAgeDays * DAY_NS,
    max_bytes: maxBytes,
    discard: r.discard === 'old' ? DiscardPolicy.Old : DiscardPolicy.New,
    duplicate_window: r.duplicateWindowMinutes * MINUTE_NS,
    num_replicas: replicas,
  };
}

/** nats-server refuses a stream whose max_bytes it cannot reserve on its disk (JSInsufficientResourcesErr). */
function isInsufficientResources(err: unknown): boolean {
  const e = err as { api_error?: { err_code?: number }; message?: string };
  return e?.api_error?.err_code === 10047 || /insufficient (storage )?resources/i.test(e?.message ?? '');
}

/**
 * Creates or updates every stream with its retention; idempotent, safe on every start. On a server with less
 * disk than the table assumes, a stream's byte bound is lowered (quartered, down to 64 MiB) with a warning
 * rather than refusing to start. `replicas` (STREAM_REPLICAS) is how many servers of a NATS cluster keep each
 * stream; a single server takes only 1.
 */
export async function provisionStreams(jsm: JetStreamManager, log: Logger, options: { replicas?: number } = {}): Promise<void> {
  for (const key of Object.keys(STREAMS) as StreamKey[]) {
    const name = STREAMS[key].name;
    let maxBytes = RETENTION[key].maxBytes;
    for (;;) {
      const config = streamConfig(key, maxBytes, options.replicas ?? 1);
      try {
        const exists = await jsm.streams.info(name).then(
          () => true,
          (err: unknown) => {
            if (isNotFound(err)) return false;
            throw err;
          },
        );
        if (exists) {
          await jsm.streams.update(name, config);
        } else {
          await jsm.streams.add(config);
          log.info({ stream: name, max_age_days: RETENTION[key].maxAgeDays, max_bytes: maxBytes }, 'stream created');
        }
        break;
      } catch (err) {
        if (!isInsufficientResources(err) || maxBytes <= MIN_FALLBACK_BYTES) throw err;
        const lower = Math.max(MIN_FALLBACK_BYTES, Math.floor(maxBytes / 4));
        log.warn({ stream: name, wanted_bytes: maxBytes, trying_bytes: lower }, 'nats-server cannot reserve the stream byte bound; lowering it');
        maxBytes = lower;
      }
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

/**
 * Creates the durable pull consumer if missing (explicit ack, from the start of the stream). An existing one
 * keeps its position; its ack wait, redelivery bound and max ack pending are brought to the spec.
 */
export async function provisionDurable(jsm: JetStreamManager, spec: DurableSpec): Promise<void> {
  const stream = STREAMS[spec.stream].name;
  const wanted = {
    ack_wait: (spec.ackWaitMs ?? 30_000) * 1_000_000,
    max_deliver: spec.maxDeliver ?? 20,
    max_ack_pending: spec.maxAckPending ?? 1000,
  };
  try {
    const info = await jsm.consumers.info(stream, spec.durable);
    const c = info.config;
    if (c.ack_wait !== wanted.ack_wait || c.max_deliver !== wanted.max_deliver || c.max_ack_pending !== wanted.max_ack_pending) {
      await jsm.consumers.update(stream, spec.durable, wanted);
    }
    return;
  } catch (err) {
    if (!isNotFound(err)) throw err;
  }
  await jsm.consumers.add(stream, {
    durable_name: spec.durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: spec.deliverNew ? DeliverPolicy.New : DeliverPolicy.All,
    ...wanted,
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
