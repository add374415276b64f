/**
 * Diagnostic, not a bench: the replay's own CPU per message, without NATS. `replay()` (pipeline/ops/replay.ts) with
 * every replayable read model rebuilds from bench:replay's MARKETS messages (`--markets` catalogue markets x 20
 * polls, encoded once up front) read through an in-memory stand-in for the stream connection, into a fresh SQLite
 * file per round; it prints this process's CPU per message for each round (the first is cold). Since nothing of
 * the ordered consumer runs, a profile of it is the replay's work alone; bundle it with esbuild
 * (`--bundle --platform=node --format=esm --packages=external`) for a `--cpu-prof` with line numbers.
 *
 *   node --import tsx bench/replayOwnWork.ts [--markets 2500] [--rounds 4]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { replay } from '../pipeline/ops/replay.ts';
import { allReplayables } from '../pipeline/ops/replayables.ts';
import type { StreamConnection } from '../pipeline/streams/connection.ts';
import { openSqliteStore } from '../adapters/store/sqliteStore.ts';
import { STREAMS, subjects } from '../shared/streams/subjects.ts';
import { catalogueMarkets, snapshotOf } from './support/marketEvents.ts';

const { values } = parseArgs({ options: { markets: { type: 'string' }, rounds: { type: 'string' } } });
const MARKETS = Number(values.markets ?? 2_500);
const ROUNDS = Number(values.rounds ?? 4);
const POLLS = 20;
const log = pino({ level: 'warn' });

interface Message {
  readonly subject: string;
  readonly data: Uint8Array;
}

/** What replay() and readStream() ask of a connection, answered from `messages` (MARKETS; every other stream empty). */
function inMemoryStreams(messages: readonly Message[]): StreamConnection {
  const total = (stream: string): number => (stream === STREAMS.markets.name ? messages.length : 0);
  const jsm = {
    streams: {
      info: async (stream: string) => ({
        state: { first_seq: 1, last_seq: total(stream), messages: total(stream), bytes: 0, first_ts: '2026-01-01T00:00:00Z', last_ts: '2026-01-01T00:00:00Z' },
      }),
    },
    consumers: {
      add: async (stream: string, config: { opt_start_seq?: number }) => ({ name: 'own-work', num_pending: Math.max(0, total(stream) - ((config.opt_start_seq ?? 1) - 1)) }),
      delete: async () => true,
    },
  };
  const js = {
    consumers: {
      get: async (stream: string, options: { opt_start_seq?: number }) => ({
        consume: async () => {
          const n = total(stream);
          let stopped = false;
          return {
            stop: () => void (stopped = true),
            async *[Symbol.asyncIterator]() {
              for (let i = (options.opt_start_seq ?? 1) - 1; i < n && !stopped; i++) {
                const m = messages[i] as Message;
                yield { subject: m.subject, data: m.data, seq: i + 1, headers: undefined, info: { pending: n - i - 1 } };
              }
            },
          };
        },
        delete: async () => true,
      }),
    },
  };
  return { jsm, js } as unknown as StreamConnection;
}

async function main(): Promise<void> {
  const markets = await catalogueMarkets(MARKETS);
  const start = Date.parse('2026-03-01T20:30:00.000Z') - POLLS * 60_000;
  const encoder = new TextEncoder();
  const messages: Message[] = [];
  for (let k = 0; k < POLLS; k++) {
    for (const m of markets) messages.push({ subject: subjects.normalized(m.platform_slug), data: encoder.encode(JSON.stringify(snapshotOf(m, k, start, 60_000))) });
  }
  const conn = inMemoryStreams(messages);
  const perRound: string[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const dir = mkdtempSync(join(tmpdir(), 'concord-replay-own-work-'));
    const store = openSqliteStore({ file: join(dir, 'concord.db') });
    try {
      const c0 = process.cpuUsage();
      const summary = await replay({ conn, store, replayables: allReplayables(), start: null, dryRun: false, live: false, log });
      const cpu = process.cpuUsage(c0);
      perRound.push(((cpu.user + cpu.system) / summary.messages).toFixed(1));
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(`${messages.length} MARKETS messages (${markets.length} markets x ${POLLS} polls); replay CPU per message by round (us): ${perRound.join(' ')}`);
}

await main();
