import type { JsMsg } from 'nats';
import type { Logger } from 'pino';
import type { DocumentStore } from '../../shared/ports/documentStore.ts';
import { STREAMS, type StreamKey } from '../../shared/streams/subjects.ts';
import type { StreamConnection } from '../streams/connection.ts';
import { RETRY_FOR_HEADER, RETRY_OF_HEADER } from '../streams/consume.ts';
import type { SequencedEvent } from '../../projections/applyBatch.ts';
import { holdProjections, type HeldPause } from './projectionControl.ts';
import { rebuildName, type RebuildWriter, type Replayable } from './replayables.ts';
import { readStream, streamPosition, countFrom, ReadCancelled, type StreamStart, type StreamPosition } from './streamReader.ts';
import { subjectMatches } from './subjectMatch.ts';

export type ReplayMode = 'rebuild' | 'partial';

export interface ReplayOptions {
  readonly conn: StreamConnection;
  /** The store written: the live one, or another (`--into`). */
  readonly store: DocumentStore;
  readonly replayables: readonly Replayable[];
  /** null: full rebuild (aside, then swapped in); otherwise a partial replay on top of existing documents. */
  readonly start: StreamStart | null;
  readonly dryRun: boolean;
  /** The store is the one live projections write: pause them while this tool must be the only writer. */
  readonly live: boolean;
  readonly log: Logger;
  /** Messages read and applied at a time; default 250 for a full rebuild, 2,000 for a partial replay. */
  readonly batchSize?: number;
  /**
   * A full rebuild holds the documents it builds in memory across batches and writes them when more than this
   * many are held (then forgets them), and at the end of each phase. Default DEFAULT_HELD_DOCUMENTS.
   */
  readonly heldDocuments?: number;
  readonly onProgress?: (p: ReplayProgress) => void;
  readonly signal?: AbortSignal;
}

export interface ReplayProgress {
  readonly stream: string;
  readonly phase: 'read' | 'catch-up';
  readonly done: number;
  readonly total: number;
}

export interface ProjectionSummary {
  readonly name: string;
  readonly stream: string;
  readonly collections: readonly string[];
  applied: number;
  skipped_seen: number;
  skipped_irrelevant: number;
  /** Messages this read model cannot decode (its live consumer dead-letters them), by reason. */
  poison: number;
  poison_reasons: Record<string, number>;
  /** Dead-letter retry copies left out (their original, still in the stream, was replayed instead). */
  retry_copies_skipped: number;
  checkpoint_before: number | null;
  checkpoint_after: number | null;
  documents: number | null;
  swapped: boolean;
}

export interface StreamSummary {
  readonly stream: string;
  readonly from: StreamStart;
  read: number;
  last_seq: number;
  readonly position: StreamPosition;
  /** Live projection processes paused for the swap or the partial replay. */
  paused_processes: number;
}

export interface ReplaySummary {
  readonly mode: ReplayMode;
  readonly dry_run: boolean;
  readonly live_store: boolean;
  readonly streams: StreamSummary[];
  readonly projections: ProjectionSummary[];
  messages: number;
  duration_ms: number;
  messages_per_second: number;
  /** Stopped by the signal (Ctrl-C): read models marked `swapped` were replaced, the others left as they were. */
  cancelled: boolean;
  readonly warnings: string[];
}

export class ReplayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReplayError';
  }
}

const decoder = new TextDecoder();

/**
 * Documents a rebuild holds before it writes and forgets them: the 1M-message bench's 150k documents (50k markets
 * in three read models) fit, at roughly 2-3 KB of heap each.
 */
export const DEFAULT_HELD_DOCUMENTS = 200_000;

/**
 * Messages a full rebuild decodes and applies at a time within a read batch: few enough that their decoded events
 * die in the young generation (at ~3 KB of parsed event each), rather than a whole batch of them being promoted.
 */
const APPLY_SLICE = 200;

/**
 * Messages a full rebuild reads at a time (unless `batchSize` says otherwise). A batch's message objects (nats.js's,
 * each with its parsed delivery info) stay alive until the whole batch is applied, so with 2,000 they outlived two
 * young-generation collections and were promoted: promoted bytes per 50k messages (bench:replay at 0.05,
 * --trace-gc-nvp) 108-110 MiB at 2,000, 93-94 at 500, 73 at 250; CPU per message ~12% lower at 250 in alternated
 * runs (bench/README.md finding 41). A partial replay writes through the store once per batch, so it keeps 2,000.
 */
const REBUILD_READ_BATCH = 250;
const PARTIAL_READ_BATCH = 2_000;

/**
 * A read buffers up to twice its batch (at least 1,000 messages) and asks for more when only a quarter of that is
 * still to come, instead of nats.js's default of three quarters: a rebuild's buffer of 1,000 then asks for 750 at a
 * time, not 250, so a third as many pull requests (each a socket write that wakes nats-server; in profiles of the
 * bench at 0.05 and 0.2 the pull writes were 7% of the replay's wall time, bench/README.md finding 67). What is
 * buffered is bounded as before.
 */
const refillAt = (batchSize: number): number => Math.max(1, Math.floor(Math.max(batchSize * 2, 1000) / 4));

/**
 * Rebuilds read models from their streams. Full rebuild: every selected read model is built from the
 * stream's first message into `<collection>_rebuild` while the live one keeps serving; then, with the live
 * projections paused for a moment, the rebuild catches up to the stream's end and is swapped in atomically
 * with its checkpoint. Partial replay (`start` given): events from `start` are applied on top of the
 * existing documents with the same idempotency guards as live consumption, the live projections paused
 * meanwhile; a start past the checkpoint (events that would never be applied) is refused.
 */
export async function replay(opts: ReplayOptions): Promise<ReplaySummary> {
  const started = Date.now();
  const mode: ReplayMode = opts.start === null ? 'rebuild' : 'partial';
  const summary: ReplaySummary = {
    mode,
    dry_run: opts.dryRun,
    live_store: opts.live,
    streams: [],
    projections: [],
    messages: 0,
    duration_ms: 0,
    messages_per_second: 0,
    cancelled: false,
    warnings: [],
  };
  const byStream = new Map<StreamKey, Replayable[]>();
  for (const r of opts.replayables) byStream.set(r.stream, [...(byStream.get(r.stream) ?? []), r]);
  for (const [stream, group] of byStream) {
    try {
      if (opts.signal?.aborted) throw new ReadCancelled();
      await replayStream(opts, stream, group, summary);
    } catch (err) {
      if (!(err instanceof ReadCancelled)) throw err;
      summary.cancelled = true;
      // Read models a stream had begun have a row in the summary; the others were never started.
      const notStarted = opts.replayables.filter((r) => !summary.projections.some((p) => p.name === r.name)).map((r) => r.name);
      summary.warnings.push(cancelledWarning(summary, notStarted));
      break;
    }
  }
  summary.duration_ms = Date.now() - started;
  summary.messages_per_second = summary.duration_ms > 0 ? Math.round((summary.messages * 1000) / summary.duration_ms) : summary.messages;
  return summary;
}

async function replayStream(opts: ReplayOptions, key: StreamKey, group: readonly Replayable[], summary: ReplaySummary): Promise<void> {
  const streamName = STREAMS[key].name;
  const log = opts.log.child({ stream: streamName });
  const position = await streamPosition(opts.conn, streamName);
  const start: StreamStart = opts.start ?? { kind: 'first' };
  const filters = new Set(group.map((r) => r.filterSubject ?? null));
  const filterSubject = filters.size === 1 ? (group[0]?.filterSubject ?? undefined) : undefined;
  const streamSummary: StreamSummary = { stream: streamName, from: start, read: 0, last_seq: 0, position, paused_processes: 0 };
  summary.streams.push(streamSummary);
  if (opts.start === null && position.firstSeq > 1) {
    summary.warnings.push(
      `${streamName} no longer holds its first ${position.firstSeq - 1} messages (retention): the rebuilt ${group.map((r) => r.name).join(', ')} reflect what the stream still holds, from ${position.firstTime}.`,
    );
  }
  const pastEnd = startPastEnd(start, position);
  if (pastEnd) summary.warnings.push(`${pastEnd}: nothing to replay for ${group.map((r) => r.name).join(', ')}.`);
  const rows = new Map<Replayable, ProjectionSummary>();
  for (const r of group) {
    const row: ProjectionSummary = {
      name: r.name,
      stream: streamName,
      collections: r.collections.map((c) => (opts.start === null && !opts.dryRun ? `${rebuildName(c.name)} -> ${c.name}` : c.name)),
      applied: 0,
      skipped_seen: 0,
      skipped_irrelevant: 0,
      poison: 0,
      poison_reasons: {},
      retry_copies_skipped: 0,
      checkpoint_before: await r.checkpoint(opts.store, false),
      checkpoint_after: null,
      documents: null,
      swapped: false,
    };
    rows.set(r, row);
    summary.projections.push(row);
  }

  const rebuild = opts.start === null;
  let hold: HeldPause | null = null;
  const pause = async () => {
    if (!opts.live || opts.dryRun || hold) return;
    hold = await holdProjections(opts.conn.nc, group.map((r) => r.name), `replay pid ${process.pid}`);
    streamSummary.paused_processes = Math.max(0, ...hold.confirmed.values());
    log.info({ paused: Object.fromEntries(hold.confirmed) }, 'live projections paused');
  };
  try {
    if (rebuild && !opts.dryRun) {
      for (const r of group) {
        await r.resetRebuild(opts.store);
        // The load maintains no index: the indexes are built once, under the live names, at the swap.
        for (const c of r.collections) await opts.store.collection(rebuildName(c.name)).prepareBulkLoad(c.indexes, c.textIndex);
      }
    }
    // A full rebuild is the only writer of its collections: each read model's documents stay in memory across
    // batches and are written when too many are held, and before the indexes are built and the swap.
    const writers = new Map<Replayable, RebuildWriter>();
    if (rebuild && !opts.dryRun) for (const r of group) writers.set(r, await r.rebuilder(opts.store));
    const heldCap = opts.heldDocuments ?? DEFAULT_HELD_DOCUMENTS;
    let evicted = false;
    const flushWriters = async (evict: boolean) => {
      for (const w of writers.values()) await w.flush(evict);
    };
    // A partial replay writes the live collections: no live projection may write them meanwhile.
    if (!rebuild) await pause();

    let checkedGap = false;
    /** Decodes `batch[from..to)` and applies it to every read model (each model's events in stream order). */
    const decodeAndApply = async (batch: readonly JsMsg[], from: number, to: number) => {
      const events = new Map<Replayable, SequencedEvent<unknown>[]>(group.map((r) => [r, []]));
      // Per message: one decode and one sequenced event for all the read models sharing a decoder (they treat
      // the event as read-only), kept in one map cleared per message rather than a map made per message.
      const decodedBy = new Map<unknown, { ok: true; sequenced: SequencedEvent<unknown> } | { ok: false; reason: string }>();
      for (let i = from; i < to; i++) {
        const m = batch[i] as JsMsg;
        let value: unknown;
        let parsed = true;
        try {
          value = JSON.parse(decoder.decode(m.data));
        } catch {
          parsed = false;
        }
        const retryFor = m.headers?.get(RETRY_FOR_HEADER) ?? '';
        decodedBy.clear();
        for (const r of group) {
          const row = rows.get(r) as ProjectionSummary;
          if (r.filterSubject && !subjectMatches(r.filterSubject, m.subject)) {
            row.skipped_irrelevant += 1;
            continue;
          }
          if (retryFor !== '' && !(retryFor === r.durable && originalExpired(m, position))) {
            row.retry_copies_skipped += 1;
            continue;
          }
          let decoded = decodedBy.get(r.decoderId);
          if (!decoded) {
            const d = parsed ? r.decode(value) : { ok: false as const, reason: 'message is not valid JSON' };
            decoded = d.ok ? { ok: true, sequenced: { event: d.event, seq: m.seq } } : d;
            decodedBy.set(r.decoderId, decoded);
          }
          if (!decoded.ok) {
            row.poison += 1;
            row.poison_reasons[decoded.reason] = (row.poison_reasons[decoded.reason] ?? 0) + 1;
            continue;
          }
          (events.get(r) as SequencedEvent<unknown>[]).push(decoded.sequenced);
        }
      }
      for (const r of group) {
        const list = events.get(r) as SequencedEvent<unknown>[];
        const row = rows.get(r) as ProjectionSummary;
        if (opts.dryRun) {
          const cp = rebuild ? null : row.checkpoint_before;
          for (const e of list) {
            if (cp !== null && e.seq <= cp) row.skipped_seen += 1;
            else row.applied += 1;
          }
          continue;
        }
        const writer = writers.get(r);
        const counts = writer ? await writer.apply(list) : await r.apply(opts.store, list, rebuild);
        row.applied += counts.applied;
        row.skipped_seen += counts.skipped_seen;
        row.skipped_irrelevant += counts.skipped_irrelevant;
      }
    };

    const onBatch = async (batch: readonly JsMsg[]) => {
      if (!rebuild && !checkedGap && batch[0]) {
        checkedGap = true;
        await refuseGap(opts.store, group, batch[0].seq, position);
      }
      // A rebuild applies the batch in slices: a slice's decoded events are garbage before the next young-generation
      // collection, instead of every event of the batch being alive (and copied, then promoted) until the batch
      // ends. Read models are independent and each still gets its events in stream order, so the result is the
      // same; a partial replay writes through the store per call, so it keeps one call per batch.
      const slice = writers.size > 0 ? APPLY_SLICE : batch.length;
      for (let i = 0; i < batch.length; i += slice) await decodeAndApply(batch, i, Math.min(batch.length, i + slice));
      if (writers.size > 0) {
        let held = 0;
        for (const w of writers.values()) held += w.size;
        if (held > heldCap) {
          if (!evicted) {
            evicted = true;
            const warning = `${streamName}: the rebuild held more than ${heldCap} documents and wrote and forgot them; later batches read theirs back from the store (a --held above the read models' document count is faster).`;
            summary.warnings.push(warning);
            log.warn({ held, cap: heldCap }, warning);
          }
          await flushWriters(true);
        }
      }
      streamSummary.read += batch.length;
      summary.messages += batch.length;
    };

    const batchSize = opts.batchSize ?? (rebuild ? REBUILD_READ_BATCH : PARTIAL_READ_BATCH);
    const readFrom = async (from: StreamStart, phase: ReplayProgress['phase']) => {
      const total = await countFrom(opts.conn, streamName, from, filterSubject);
      let done = 0;
      opts.onProgress?.({ stream: streamName, phase, done, total });
      const result = await readStream(opts.conn, streamName, {
        start: from,
        ...(filterSubject ? { filterSubject } : {}),
        batchSize,
        refillAt: refillAt(batchSize),
        ...(opts.signal ? { signal: opts.signal } : {}),
        onBatch: async (batch, pendingAfter) => {
          await onBatch(batch);
          done += batch.length;
          opts.onProgress?.({ stream: streamName, phase, done, total: Math.max(total, done + pendingAfter) });
        },
      });
      if (result.lastSeq > 0) streamSummary.last_seq = result.lastSeq;
      return result;
    };

    await readFrom(start, 'read');
    if (rebuild && !opts.dryRun) {
      // The text index is built once on the bulk-loaded tables (its FTS table is renamed with them at the swap),
      // not maintained row by row; the other indexes wait for the swap.
      await flushWriters(false);
      for (const r of group) {
        for (const c of r.collections) if (c.textIndex) await opts.store.collection(rebuildName(c.name)).ensureTextIndex(c.textIndex);
      }
      // The swap: pause the live writers, take in what arrived meanwhile, swap, move the checkpoint, resume.
      if (opts.signal?.aborted) throw new ReadCancelled();
      await pause();
      const from: StreamStart = streamSummary.last_seq > 0 ? { kind: 'seq', seq: streamSummary.last_seq + 1 } : { kind: 'first' };
      await readFrom(from, 'catch-up');
      await flushWriters(true);
      for (const r of group) {
        for (const c of r.collections) await opts.store.replaceCollection(rebuildName(c.name), c.name, { indexes: c.indexes });
        await r.promoteCheckpoint(opts.store, streamSummary.last_seq);
        (rows.get(r) as ProjectionSummary).swapped = true;
      }
      log.info({ projections: group.map((r) => r.name) }, 'rebuilt read models swapped in');
    }
  } catch (err) {
    if (!(err instanceof ReadCancelled)) throw err;
    // Cancelled before the swap: the half-built collections are dropped, the live read models stay as they were.
    if (rebuild && !opts.dryRun) {
      for (const r of group) if (!(rows.get(r) as ProjectionSummary).swapped) await r.resetRebuild(opts.store);
    }
    await describeResult(opts, group, rows);
    throw err;
  } finally {
    if (hold) {
      await (hold as HeldPause).release();
      log.info('live projections resumed');
    }
  }
  await describeResult(opts, group, rows);
}

/** Each read model's checkpoint and document count once its stream is done with (or cancelled). */
async function describeResult(opts: ReplayOptions, group: readonly Replayable[], rows: ReadonlyMap<Replayable, ProjectionSummary>): Promise<void> {
  for (const r of group) {
    const row = rows.get(r) as ProjectionSummary;
    row.checkpoint_after = opts.dryRun ? row.checkpoint_before : await r.checkpoint(opts.store, false);
    if (!opts.dryRun) row.documents = await opts.store.collection(r.collections[0]?.name ?? '').count();
  }
}

/** Why a start reads nothing from the stream (it begins after the last message), or null. */
function startPastEnd(start: StreamStart, position: StreamPosition): string | null {
  const holds = position.messages > 0 ? `it holds ${position.firstSeq}..${position.lastSeq}` : 'it is empty';
  if (start.kind === 'seq' && start.seq > position.lastSeq) return `--seq ${start.seq} is past the end of ${position.stream} (${holds})`;
  if (start.kind === 'time' && (position.lastTime === null || Date.parse(start.time) > Date.parse(position.lastTime))) {
    return `--from ${start.time} is after the last message of ${position.stream} (${position.lastTime ?? 'it is empty'})`;
  }
  return null;
}

/** What a cancelled replay did and did not do, for the operator deciding what to run again. */
function cancelledWarning(summary: ReplaySummary, notStarted: readonly string[]): string {
  const swapped = summary.projections.filter((p) => p.swapped).map((p) => p.name);
  const stopped = summary.projections.filter((p) => !p.swapped).map((p) => p.name);
  if (summary.mode === 'partial' || summary.dry_run) {
    const at = summary.streams.map((s) => `${s.stream} at seq ${s.last_seq}`).join(', ');
    return `cancelled: stopped ${at || 'before reading'}${notStarted.length > 0 ? `; not started: ${notStarted.join(', ')}` : ''}.${summary.dry_run ? '' : ' Events up to there were applied; run again from the next sequence to finish.'}`;
  }
  const parts = [
    swapped.length > 0 ? `swapped in: ${swapped.join(', ')}` : 'nothing was swapped in',
    stopped.length > 0 ? `stopped before the swap (live read model unchanged, partial rebuild dropped): ${stopped.join(', ')}` : '',
    notStarted.length > 0 ? `not started: ${notStarted.join(', ')}` : '',
  ].filter((p) => p !== '');
  return `cancelled: ${parts.join('; ')}.`;
}

/** A retry copy stands in for its original only once the original has left the stream. */
function originalExpired(m: JsMsg, position: StreamPosition): boolean {
  const of = m.headers?.get(RETRY_OF_HEADER) ?? '';
  const seq = Number(of.split(':')[1]);
  return Number.isFinite(seq) && seq < position.firstSeq;
}

/** Refuses a partial replay that would leave events between a read model's checkpoint and `firstSeq` unapplied. */
async function refuseGap(store: DocumentStore, group: readonly Replayable[], firstSeq: number, position: StreamPosition): Promise<void> {
  for (const r of group) {
    const cp = await r.checkpoint(store, false);
    const expected = cp === null ? position.firstSeq : cp + 1;
    if (cp === null && (await store.collection(r.collections[0]?.name ?? '').count()) === 0 && firstSeq <= position.firstSeq) continue;
    if (firstSeq > expected && expected >= position.firstSeq) {
      throw new ReplayError(
        `${r.name} has applied the stream up to ${cp ?? 'nothing'}; starting at ${firstSeq} would skip ${firstSeq - expected} events. ` +
          `Start at --seq ${expected} or earlier (events already applied are skipped), or run a full rebuild.`,
      );
    }
  }
}
