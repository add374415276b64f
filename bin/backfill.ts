import { loadConfig } from '../shared/config.ts';
import { isVenueSlug, VENUE_SLUGS } from '../shared/venues/registry.ts';
import { createDocumentStore } from '../adapters/store/createStore.ts';
import { connectStreams } from '../pipeline/streams/connection.ts';
import { jetStreamPublisher } from '../pipeline/streams/publisher.ts';
import { createHttpClient, createRecordedHttpClient } from '../pipeline/http/index.ts';
import { VENUE_MODULES } from '../pipeline/venues/index.ts';
import { backfillVenue, sharedDescriptor } from '../pipeline/ops/backfill.ts';
import { withHistoryRecordings } from '../pipeline/history/recordedConnectors.ts';
import { streamPosition } from '../pipeline/ops/streamReader.ts';
import { findNatsUrl } from './cli/natsUrl.ts';
import { progressReporter } from './cli/progress.ts';
import { describeHistoryCounts } from './cli/historyCounts.ts';
import { CliError, cliLogger, runCli, parseCommandLine } from './cli/run.ts';

const USAGE = `Re-ingest a venue's catalogue into the RAW stream (details: docs/operations.md).

  npm run backfill -- --venue <slug> [--since <date>] [--rate-share <0-1>] [--json]

Items whose current content is already in the stream are not published again; the rest are published
with a msgID, so a repeated run adds nothing. Requests go through the venue transport at --rate-share
(default 0.5) of the venue's documented rate limit, leaving the rest to the running service.
--since keeps items with a market created on or after the date (undated markets are kept).
Venues with price history (polymarket, limitless, predictfun, kalshi) then get each market's history fetched
and published on the HISTORY stream, once per market: a market whose history was published is not asked again.
Venues: ${VENUE_SLUGS.join(', ')}.`;

const { values } = parseCommandLine(
  {
    allowPositionals: false,
    options: {
      venue: { type: 'string' },
      since: { type: 'string' },
      'rate-share': { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  },
  USAGE,
);
const log = cliLogger('backfill');

async function main(): Promise<number> {
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (!values.venue) throw new CliError(`--venue is required.\n\n${USAGE}`, 2);
  if (!isVenueSlug(values.venue)) throw new CliError(`Unknown venue "${values.venue}". Venues: ${VENUE_SLUGS.join(', ')}.`, 2);
  const module = VENUE_MODULES[values.venue];
  if (!module) throw new CliError(`No connector is registered for ${values.venue}.`, 2);
  let since: Date | null = null;
  if (values.since !== undefined) {
    const t = Date.parse(values.since);
    if (!/^\d{4}-\d{2}-\d{2}/.test(values.since) || Number.isNaN(t)) throw new CliError(`--since must be an ISO date (e.g. 2026-05-01), got "${values.since}".`, 2);
    since = new Date(t);
  }
  const share = values['rate-share'] === undefined ? 0.5 : Number(values['rate-share']);
  if (!(share > 0 && share <= 1)) throw new CliError('--rate-share must be a number above 0 and at most 1.', 2);

  const config = loadConfig();
  const recorded = config.VENUE_SOURCE === 'recorded';
  const descriptor = module.connector.descriptor;
  const keyEnv = descriptor.apiKeyEnv;
  const apiKey = keyEnv ? (process.env[keyEnv] ?? (recorded ? 'recorded-mode' : undefined)) : undefined;
  if (keyEnv && !apiKey) throw new CliError(`${values.venue} needs an API key: set ${keyEnv}.`, 2);
  const http = recorded
    ? createRecordedHttpClient({ connectors: [withHistoryRecordings(module)] })
    : createHttpClient({ venues: [sharedDescriptor(descriptor, share)], log: log.child({ component: 'http' }) });

  const conn = await connectStreams(findNatsUrl(config), log, 'concord-backfill');
  const store = await createDocumentStore(config, log);
  const progress = progressReporter(log, 'items', !values.json);
  const abort = new AbortController();
  process.once('SIGINT', () => abort.abort());
  process.once('SIGTERM', () => abort.abort());
  try {
    const raw = await streamPosition(conn, 'RAW');
    const summary = await backfillVenue({
      module,
      http,
      publish: jetStreamPublisher(conn.js),
      store,
      log,
      since,
      rawFirstTime: raw.firstTime,
      signal: abort.signal,
      ...(apiKey ? { apiKey } : {}),
      onProgress: (task, done, total) => progress.update(task, done, total),
    });
    progress.stop();
    log.info({ ...summary }, 'backfill finished');
    if (values.json) process.stdout.write(`${JSON.stringify({ ok: true, ...summary })}\n`);
    else {
      const history = describeHistoryCounts(summary.history);
      process.stdout.write(
        `${summary.venue}: ${summary.items} items in ${summary.pages} pages, ${summary.published} published, ${summary.already_in_stream} already in the stream, ${summary.before_since} before --since (${(summary.duration_ms / 1000).toFixed(1)} s)\n${history}\n`,
      );
    }
    return 0;
  } finally {
    progress.stop();
    await conn.close();
    await store.close();
  }
}

runCli(main, values.json, log);
