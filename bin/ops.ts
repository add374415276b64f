import { loadConfig } from '../shared/config.ts';
import type { DocumentStore } from '../shared/ports/documentStore.ts';
import { createDocumentStore } from '../adapters/store/createStore.ts';
import { connectStreams } from '../pipeline/streams/connection.ts';
import { collectStatus, durableConsumers, type OpsStatus } from '../pipeline/ops/status.ts';
import { listDeadLetters, retryDeadLetter, type DeadLetter } from '../pipeline/ops/deadLetters.ts';
import { findNatsUrl } from './cli/natsUrl.ts';
import { CliError, cliLogger, runCli, parseCommandLine } from './cli/run.ts';

const USAGE = `Operator views of the running service (details: docs/operations.md).

  npm run ops -- status [--json]
      streams (messages, bytes, first/last time, limits), consumers (pending, ack pending, redelivered, lag),
      dead letters with their reasons, venues' state
  npm run ops -- deadletters [--consumer <durable>] [--limit <n>] [--json]
  npm run ops -- deadletters --retry <id> [--retry <id> ...] [--json]
      send a dead letter again to its own consumer (others skip the copy); it leaves the dead-letter list`;

const { values, positionals } = parseCommandLine(
  {
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      retry: { type: 'string', multiple: true },
      consumer: { type: 'string' },
      limit: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  },
  USAGE,
);
const log = cliLogger('ops');

const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;
const age = (s: number) => (s >= 86_400 ? `${(s / 86_400).toFixed(s % 86_400 ? 1 : 0)} d` : s >= 3600 ? `${(s / 3600).toFixed(1)} h` : `${s} s`);

function printStatus(s: OpsStatus): void {
  const out: string[] = [`Concord status at ${s.at}`, ''];
  if (s.processes.length === 0) {
    out.push(
      'Processes: none answered within 3 s. The service is down (the streams and consumers below are as it left them), or too busy to answer: a first start blocks for seconds at a time while it builds the embedding model.',
    );
  } else {
    out.push(`Processes: ${s.processes.length}`);
    for (const p of s.processes) out.push(`  pid ${p.pid} on ${p.host}: ${p.roles.join(', ')}, ${p.state === 'starting' ? 'starting' : 'running'} since ${p.started_at}`);
  }
  out.push('', 'Streams');
  for (const st of s.streams) {
    const used = st.bytes_used_ratio === null ? '' : ` (${(st.bytes_used_ratio * 100).toFixed(1)}% of ${mib(st.limits.max_bytes)})`;
    out.push(
      `  ${st.stream.padEnd(11)} ${String(st.messages).padStart(9)} msgs ${mib(st.bytes).padStart(11)}${used}  ${st.first_time ?? '-'} .. ${st.last_time ?? '-'}  keep ${age(st.limits.max_age_s)}, discard ${st.limits.discard}`,
    );
  }
  out.push('', 'Consumers');
  for (const c of s.consumers) {
    out.push(
      `  ${`${c.stream}/${c.name}`.padEnd(36)} pending ${String(c.pending).padStart(7)}  ack pending ${String(c.ack_pending).padStart(5)}  redelivered ${String(c.redelivered).padStart(5)}  lag ${c.lag}${c.lag_seconds === null ? '' : ` (${age(c.lag_seconds)})`}`,
    );
  }
  out.push('', `Dead letters: ${s.dead_letters.total}`);
  for (const [consumer, n] of Object.entries(s.dead_letters.by_consumer)) out.push(`  ${consumer}: ${n}`);
  for (const d of s.dead_letters.recent) out.push(`  #${d.id} ${d.at} ${d.durable} ${d.subject} seq ${d.stream_seq}: ${d.reason}`);
  out.push('', 'Venues');
  if (Array.isArray(s.venues)) {
    for (const v of s.venues as Array<{ slug: string; state: string; last_success_at: string | null; markets_count: number; consecutive_failures: number; last_error: { code: string; message: string } | null }>) {
      const err = v.state === 'failing' && v.last_error ? ` - ${v.last_error.code}: ${v.last_error.message.slice(0, 100)}` : '';
      out.push(`  ${v.slug.padEnd(11)} ${v.state.padEnd(12)} ${String(v.markets_count).padStart(6)} markets  last success ${v.last_success_at ?? 'never'}${v.consecutive_failures > 0 ? `, ${v.consecutive_failures} failures in a row` : ''}${err}`);
    }
  } else out.push(`  unavailable: ${s.venues.error}`);
  process.stdout.write(`${out.join('\n')}\n`);
}

function printDeadLetters(list: readonly DeadLetter[]): void {
  if (list.length === 0) {
    process.stdout.write('No dead letters.\n');
    return;
  }
  const lines = list.map((d) => `#${d.id}\t${d.at}\t${d.durable}\t${d.subject}\tseq ${d.stream_seq}\t${d.deliveries} deliveries\t${d.reason}`);
  process.stdout.write(`${lines.join('\n')}\n${list.length} dead letter(s). Retry one: npm run ops -- deadletters --retry <id>\n`);
}

async function main(): Promise<number> {
  const [command] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return command || values.help ? 0 : 2;
  }
  if (command !== 'status' && command !== 'deadletters') throw new CliError(`Unknown command "${command}".\n\n${USAGE}`, 2);
  if (positionals.length > 1) throw new CliError(`Unexpected argument "${positionals[1]}" after ${command}.\n\n${USAGE}`, 2);
  const config = loadConfig();
  const conn = await connectStreams(findNatsUrl(config), log, 'concord-ops');
  let store: DocumentStore | null = null;
  try {
    if (command === 'status') {
      try {
        store = await createDocumentStore(config, log);
      } catch (err) {
        log.warn({ err }, 'document store not available; venues left out');
      }
      const status = await collectStatus(conn, store);
      if (values.json) process.stdout.write(`${JSON.stringify({ ok: true, ...status })}\n`);
      else printStatus(status);
      return 0;
    }
    if (values.retry) {
      const ids = values.retry.map((r) => {
        const n = Number(r);
        if (!Number.isSafeInteger(n) || n < 1) throw new CliError(`--retry takes a dead-letter id (a positive integer), got "${r}".`, 2);
        return n;
      });
      const results = [];
      for (const id of ids) {
        const r = await retryDeadLetter(conn, id).catch((err: unknown) => {
          throw new CliError(err instanceof Error ? err.message : String(err));
        });
        log.info({ ...r }, 'dead letter sent again');
        results.push(r);
      }
      if (values.json) process.stdout.write(`${JSON.stringify({ ok: true, retried: results })}\n`);
      else for (const r of results) process.stdout.write(`#${r.id} sent again to ${r.subject} for ${r.durable} (new seq ${r.republished_seq})\n`);
      return 0;
    }
    const limit = values.limit === undefined ? Infinity : Number(values.limit);
    if (limit !== Infinity && !(Number.isSafeInteger(limit) && limit >= 1)) throw new CliError(`--limit must be a whole number of dead letters (1 or more), got "${values.limit}".`, 2);
    if (values.consumer !== undefined) {
      const durables = await durableConsumers(conn);
      // A retired consumer's letters stay listable under its name: the whole list is read only for a name no durable has.
      const known = durables.includes(values.consumer) ? durables : [...new Set([...durables, ...(await listDeadLetters(conn)).map((d) => d.durable)])].sort();
      if (!known.includes(values.consumer)) throw new CliError(`Unknown consumer "${values.consumer}". Consumers: ${known.join(', ')}.`, 2);
    }
    const list = (await listDeadLetters(conn, values.consumer)).slice(-limit);
    if (values.json) process.stdout.write(`${JSON.stringify({ ok: true, dead_letters: list })}\n`);
    else printDeadLetters(list);
    return 0;
  } finally {
    await conn.close();
    await store?.close();
  }
}

runCli(main, values.json, log);
