import { resolve } from 'node:path';
import { loadConfig } from '../shared/config.ts';
import { createDocumentStore } from '../adapters/store/createStore.ts';
import { connectStreams } from '../pipeline/streams/connection.ts';
import { DEFAULT_HELD_DOCUMENTS, replay, type ReplaySummary } from '../pipeline/ops/replay.ts';
import { allReplayables } from '../pipeline/ops/replayables.ts';
import type { StreamStart } from '../pipeline/ops/streamReader.ts';
import { findNatsUrl } from './cli/natsUrl.ts';
import { progressReporter } from './cli/progress.ts';
import { CliError, cliLogger, runCli, parseCommandLine } from './cli/run.ts';

const USAGE = `Rebuild read models from JetStream (details: docs/operations.md).

  npm run replay -- --all | --projection <name> [--projection <name> ...]
                    [--from <ISO time> | --seq <n>] [--into <DATA_DIR>] [--dry-run] [--json] [--held <n>]

Without --from/--seq: a full rebuild into <collection>_rebuild beside the live read model, swapped in
atomically at the end (the live projections pause for the swap only; the API keeps serving).
With --from/--seq: a partial replay on top of the existing documents (events already applied are skipped).
--into <DATA_DIR>: write an embedded store in that folder instead of the service's store.
--dry-run: read and decode everything, write nothing, report what would be applied.
--held <n>: documents a full rebuild keeps in memory before it writes and forgets them (default ${DEFAULT_HELD_DOCUMENTS},
  a few KB of heap each); below the rebuilt read models' document count, batches read documents back (slower).`;

function parseStart(from: string | undefined, seq: string | undefined): StreamStart | null {
  if (from !== undefined && seq !== undefined) throw new CliError('Give --from or --seq, not both.', 2);
  if (from !== undefined) {
    const t = Date.parse(from);
    if (!/^\d{4}-\d{2}-\d{2}/.test(from) || Number.isNaN(t)) throw new CliError(`--from must be an ISO date or time (e.g. 2026-05-01T00:00:00Z), got "${from}".`, 2);
    return { kind: 'time', time: new Date(t).toISOString() };
  }
  if (seq !== undefined) {
    const n = Number(seq);
    if (!Number.isSafeInteger(n) || n < 1) throw new CliError(`--seq must be a stream sequence number (1 or more), got "${seq}".`, 2);
    return { kind: 'seq', seq: n };
  }
  return null;
}

function printSummary(s: ReplaySummary): void {
  const out: string[] = [];
  const what = `${s.dry_run ? 'dry run (nothing written)' : s.mode === 'rebuild' ? 'full rebuild' : 'partial replay'}${s.cancelled ? ', cancelled' : ''}`;
  out.push(`${what}: ${s.messages.toLocaleString('en-US')} messages in ${(s.duration_ms / 1000).toFixed(1)} s (${s.messages_per_second.toLocaleString('en-US')}/s)`);
  for (const st of s.streams) {
    const holds = st.position.messages > 0 ? `stream holds ${st.position.firstSeq}..${st.position.lastSeq}` : 'the stream is empty';
    out.push(`  stream ${st.stream}: read ${st.read} (up to seq ${st.last_seq}; ${holds})${st.paused_processes > 0 ? `, ${st.paused_processes} live process(es) paused meanwhile` : ''}`);
  }
  for (const p of s.projections) {
    const docs = p.documents === null ? '' : `, ${p.documents} documents`;
    const retries = p.retry_copies_skipped > 0 ? `, dead-letter retry copies left out ${p.retry_copies_skipped}` : '';
    out.push(
      `  ${p.name}: applied ${p.applied}, already applied ${p.skipped_seen}, not its events ${p.skipped_irrelevant}, undecodable ${p.poison}${retries}${docs}, checkpoint ${p.checkpoint_before ?? '-'} -> ${p.checkpoint_after ?? '-'}${p.swapped ? ' (swapped in)' : ''}`,
    );
    for (const [reason, n] of Object.entries(p.poison_reasons)) out.push(`      ${n} x ${reason}`);
  }
  for (const w of s.warnings) out.push(`warning: ${w}`);
  process.stdout.write(`${out.join('\n')}\n`);
}

const { values } = parseCommandLine(
  {
    allowPositionals: false,
    options: {
      projection: { type: 'string', multiple: true },
      all: { type: 'boolean', default: false },
      from: { type: 'string' },
      seq: { type: 'string' },
      into: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      batch: { type: 'string' },
      held: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  },
  USAGE,
);

const log = cliLogger('replay');

async function main(): Promise<number> {
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const available = allReplayables();
  const names = values.projection ?? [];
  if (values.all === (names.length > 0)) throw new CliError(`Choose --all or --projection <name>. Read models: ${available.map((r) => r.name).join(', ')}.`, 2);
  const unknown = names.filter((n) => !available.some((r) => r.name === n));
  if (unknown.length > 0) throw new CliError(`Unknown read model ${unknown.join(', ')}. Read models: ${available.map((r) => r.name).join(', ')}.`, 2);
  const selected = values.all ? available : available.filter((r) => names.includes(r.name));
  const start = parseStart(values.from, values.seq);
  // Without --batch the replay picks its own (smaller for a full rebuild, whose batches would otherwise be promoted).
  const batchSize = values.batch === undefined ? undefined : Number(values.batch);
  if (batchSize !== undefined && (!Number.isSafeInteger(batchSize) || batchSize < 1 || batchSize > 100_000)) throw new CliError('--batch must be an integer from 1 to 100000.', 2);

  const heldDocuments = values.held === undefined ? DEFAULT_HELD_DOCUMENTS : Number(values.held);
  if (!Number.isSafeInteger(heldDocuments) || heldDocuments < 1) throw new CliError('--held must be a whole number of documents (1 or more).', 2);

  const config = loadConfig();
  const natsUrl = findNatsUrl(config);
  const into = values.into === undefined ? null : resolve(values.into);
  const live = into === null || (!config.MONGODB_URI && into === resolve(config.DATA_DIR));
  const store = await createDocumentStore(into === null ? config : { MONGODB_URI: undefined, MONGODB_DB: config.MONGODB_DB, DATA_DIR: into }, log);
  const conn = await connectStreams(natsUrl, log, 'concord-replay');
  const progress = progressReporter(log, 'messages', !values.json);
  const abort = new AbortController();
  let firstSignalAt = 0;
  // Ctrl-C reaches npm and node both, and npm forwards its copy: a repeat within a second is the same request.
  const onSignal = () => {
    if (firstSignalAt === 0) {
      firstSignalAt = Date.now();
      process.stderr.write('stopping: finishing the batch in progress (a second Ctrl-C exits at once)\n');
      abort.abort();
    } else if (Date.now() - firstSignalAt > 1_000) process.exit(130);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const summary = await replay({
      conn,
      store,
      replayables: selected,
      start,
      dryRun: values['dry-run'],
      live,
      log,
      ...(batchSize === undefined ? {} : { batchSize }),
      heldDocuments,
      signal: abort.signal,
      onProgress: (p) => progress.update(`${p.stream} ${p.phase}`, p.done, p.total),
    });
    progress.stop();
    log.info(
      { mode: summary.mode, messages: summary.messages, duration_ms: summary.duration_ms, rate_per_s: summary.messages_per_second, cancelled: summary.cancelled },
      summary.cancelled ? 'replay cancelled' : 'replay finished',
    );
    if (values.json) process.stdout.write(`${JSON.stringify(summary.cancelled ? { ok: false, error: 'cancelled by a signal', ...summary } : { ok: true, ...summary })}\n`);
    else printSummary(summary);
    // 128 + SIGINT, as a shell reports a command stopped by Ctrl-C.
    return summary.cancelled ? 130 : 0;
  } finally {
    progress.stop();
    await conn.close();
    await store.close();
  }
}

runCli(main, values.json, log);
