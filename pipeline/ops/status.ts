import { DiscardPolicy } from 'nats';
import type { StreamConnection } from '../streams/connection.ts';
import type { DocumentStore } from '../../shared/ports/documentStore.ts';
import { STREAMS } from '../../shared/streams/subjects.ts';
import { platformStatuses } from '../../projections/platformStatus/queries.ts';
import { listDeadLetters, type DeadLetter } from './deadLetters.ts';
import { pingProcesses, type ProcessInfo } from './processPing.ts';

const NS_PER_S = 1_000_000_000;

export interface StreamStatus {
  readonly stream: string;
  readonly subjects: readonly string[];
  readonly messages: number;
  readonly bytes: number;
  readonly first_seq: number;
  readonly last_seq: number;
  readonly first_time: string | null;
  readonly last_time: string | null;
  readonly limits: { readonly max_age_s: number; readonly max_bytes: number; readonly discard: 'old' | 'new'; readonly duplicate_window_s: number };
  /** Share of the byte bound in use (null when unbounded). */
  readonly bytes_used_ratio: number | null;
  readonly consumers: number;
}

export interface ConsumerStatus {
  readonly stream: string;
  readonly name: string;
  readonly filter_subject: string | null;
  /** Messages not yet delivered. */
  readonly pending: number;
  /** Delivered, not yet acknowledged. */
  readonly ack_pending: number;
  readonly redelivered: number;
  /** Messages behind the end of the stream (pending + ack pending). */
  readonly lag: number;
  /** Age of the oldest message not yet acknowledged, when there is one. */
  readonly lag_seconds: number | null;
  readonly ack_floor_seq: number;
  readonly delivered_seq: number;
  readonly max_deliver: number;
  readonly waiting_pulls: number;
}

export interface OpsStatus {
  readonly at: string;
  /** Concord processes that answered on this NATS server; none: the service is down (streams are as it left them). */
  readonly processes: ProcessInfo[];
  readonly streams: StreamStatus[];
  readonly consumers: ConsumerStatus[];
  readonly dead_letters: {
    readonly total: number;
    readonly by_consumer: Record<string, number>;
    readonly by_reason: Record<string, number>;
    /** The most recent ones, newest first. */
    readonly recent: DeadLetter[];
  };
  readonly venues: unknown[] | { readonly error: string };
}

/** The durable consumers of every Concord stream (the pipeline's), sorted: what `--consumer` may name. */
export async function durableConsumers(conn: StreamConnection): Promise<string[]> {
  const names = new Set<string>();
  for (const def of Object.values(STREAMS)) {
    try {
      for await (const ci of conn.jsm.consumers.list(def.name)) if (ci.config.durable_name) names.add(ci.config.durable_name);
    } catch {
      // A stream not provisioned yet has no consumers.
    }
  }
  return [...names].sort();
}

/** Everything `npm run ops -- status` shows, read from JetStream and the store. */
export async function collectStatus(conn: StreamConnection, store: DocumentStore | null, recent = 10): Promise<OpsStatus> {
  const now = Date.now();
  const processes = await pingProcesses(conn.nc, 3_000);
  const streams: StreamStatus[] = [];
  const consumers: ConsumerStatus[] = [];
  for (const def of Object.values(STREAMS)) {
    let info;
    try {
      info = await conn.jsm.streams.info(def.name);
    } catch {
      continue;
    }
    const c = info.config;
    const s = info.state;
    streams.push({
      stream: def.name,
      subjects: c.subjects ?? [],
      messages: s.messages,
      bytes: s.bytes,
      first_seq: s.first_seq,
      last_seq: s.last_seq,
      first_time: s.messages > 0 ? s.first_ts : null,
      last_time: s.messages > 0 ? s.last_ts : null,
      limits: {
        max_age_s: Math.round(c.max_age / NS_PER_S),
        max_bytes: c.max_bytes,
        discard: c.discard === DiscardPolicy.New ? 'new' : 'old',
        duplicate_window_s: Math.round((c.duplicate_window ?? 0) / NS_PER_S),
      },
      bytes_used_ratio: c.max_bytes > 0 ? s.bytes / c.max_bytes : null,
      consumers: s.consumer_count,
    });
    for await (const ci of conn.jsm.consumers.list(def.name)) {
      // Ephemeral readers (replay, the SSE feed) come and go; the durables are the pipeline.
      if (!ci.config.durable_name) continue;
      const lag = ci.num_pending + ci.num_ack_pending;
      let lagSeconds: number | null = null;
      if (lag > 0) {
        const oldest = await conn.jsm.streams.getMessage(def.name, { seq: Math.max(ci.ack_floor.stream_seq + 1, s.first_seq) }).catch(() => null);
        if (oldest) lagSeconds = Math.max(0, Math.round((now - oldest.time.getTime()) / 1000));
      }
      consumers.push({
        stream: def.name,
        name: ci.name,
        filter_subject: ci.config.filter_subject ?? null,
        pending: ci.num_pending,
        ack_pending: ci.num_ack_pending,
        redelivered: ci.num_redelivered,
        lag,
        lag_seconds: lagSeconds,
        ack_floor_seq: ci.ack_floor.stream_seq,
        delivered_seq: ci.delivered.stream_seq,
        max_deliver: ci.config.max_deliver ?? -1,
        waiting_pulls: ci.num_waiting,
      });
    }
  }
  const letters = await listDeadLetters(conn).catch(() => [] as DeadLetter[]);
  const byConsumer: Record<string, number> = {};
  const byReason: Record<string, number> = {};
  for (const d of letters) {
    byConsumer[d.durable] = (byConsumer[d.durable] ?? 0) + 1;
    const reason = d.reason.slice(0, 160);
    byReason[reason] = (byReason[reason] ?? 0) + 1;
  }
  let venues: OpsStatus['venues'];
  if (!store) venues = { error: 'the document store was not opened' };
  else {
    try {
      venues = await platformStatuses(store);
    } catch (err) {
      venues = { error: err instanceof Error ? err.message : String(err) };
    }
  }
  return {
    at: new Date(now).toISOString(),
    processes,
    streams,
    consumers,
    dead_letters: { total: letters.length, by_consumer: byConsumer, by_reason: byReason, recent: letters.slice(-recent).reverse() },
    venues,
  };
}
