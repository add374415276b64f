import Queue from 'better-queue';
import type { Logger } from 'pino';
import type { VenueModule } from '../venues/types.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import { ingestVenueOnce, type IngestDeps, type IngestCycleResult } from './ingestVenue.ts';

export interface SchedulerOptions {
  readonly modules: readonly VenueModule[];
  readonly deps: Omit<IngestDeps, 'apiKey' | 'signal'>;
  readonly intervalMs: number;
  /** Venue jobs running at once (each venue is further throttled by its own token bucket). */
  readonly concurrency?: number;
  readonly apiKeys?: Partial<Record<VenueSlug, string>>;
  readonly log: Logger;
  /** The polling timer (tests replace it to see each venue's interval and fire it). */
  readonly setInterval?: (poll: () => void, ms: number) => { unref?(): unknown };
}

export interface IngestScheduler {
  /** Runs one cycle of every venue now and resolves when all have finished. */
  runOnce(): Promise<Map<VenueSlug, IngestCycleResult>>;
  start(): void;
  stop(): Promise<void>;
}

interface Job {
  readonly venue: VenueSlug;
}

/**
 * Polls each venue on its own timer (never faster than the venue's minPollIntervalMs) through a
 * better-queue job queue: one job per venue id, so a venue whose previous cycle is still
 * queued is not queued twice.
 */
export function createIngestScheduler(opts: SchedulerOptions): IngestScheduler {
  const abort = new AbortController();
  const byVenue = new Map(opts.modules.map((m) => [m.connector.descriptor.slug, m]));
  const timers: Array<{ unref?(): unknown }> = [];
  const every = opts.setInterval ?? ((poll: () => void, ms: number) => setInterval(poll, ms));
  const running = new Map<VenueSlug, Promise<IngestCycleResult>>();

  const runVenue = (venue: VenueSlug): Promise<IngestCycleResult> => {
    const inFlight = running.get(venue);
    if (inFlight) return inFlight;
    const module = byVenue.get(venue);
    if (!module) return Promise.resolve({ ok: false, itemCount: 0, changedCount: 0, error: { code: 'UNKNOWN_VENUE', message: venue } });
    const p = ingestVenueOnce(module, { ...opts.deps, apiKey: opts.apiKeys?.[venue], signal: abort.signal }).finally(() => running.delete(venue));
    running.set(venue, p);
    return p;
  };

  const queue = new Queue<Job, IngestCycleResult>(
    (job: Job, cb) => {
      runVenue(job.venue).then(
        (r) => cb(null, r),
        (err: unknown) => cb(err),
      );
    },
    { concurrent: opts.concurrency ?? 4, id: 'venue', merge: (old, _new, cb) => cb(null, old), maxRetries: 0 },
  );
  queue.on('error', (err: unknown) => opts.log.error({ err }, 'ingest queue error'));

  const enqueue = (venue: VenueSlug): Promise<IngestCycleResult> =>
    new Promise((resolve) => {
      queue.push({ venue }, (err: unknown, result: IngestCycleResult) => {
        if (err) resolve({ ok: false, itemCount: 0, changedCount: 0, error: { code: 'INTERNAL', message: String(err) } });
        else resolve(result);
      });
    });

  return {
    async runOnce() {
      const venues = [...byVenue.keys()];
      const results = await Promise.all(venues.map((v) => enqueue(v)));
      return new Map(venues.map((v, i) => [v, results[i] as IngestCycleResult]));
    },
    start() {
      for (const [venue, module] of byVenue) {
        const intervalMs = Math.max(opts.intervalMs, module.connector.descriptor.minPollIntervalMs);
        void enqueue(venue);
        const timer = every(() => void enqueue(venue), intervalMs);
        timer.unref?.();
        timers.push(timer);
      }
      opts.log.info({ venues: [...byVenue.keys()], interval_ms: opts.intervalMs }, 'ingest scheduler started');
    },
    async stop() {
      for (const t of timers) clearInterval(t as NodeJS.Timeout);
      abort.abort();
      await Promise.allSettled([...running.values()]);
      await new Promise<void>((resolve) => queue.destroy(() => resolve()));
    },
  };
}
