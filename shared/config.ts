import { z } from 'zod';

/**
 * Every setting Concord reads, validated once at start-up. A bad value stops the process with
 * a message naming the variable. Documented in README.md ("Configuration").
 */
const ROLES = ['all', 'ingest', 'process', 'project', 'link', 'api', 'scan', 'alerts'] as const;
export type Role = (typeof ROLES)[number];

const optionalUrl = (protocols: readonly string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(p)), {
      message: `must start with ${protocols.join(' or ')}`,
    });

const intIn = (min: number, max: number, dflt: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return dflt;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be an integer from ${min} to ${max}, got "${v}"` });
        return z.NEVER;
      }
      return n;
    });

const flag = (dflt: boolean) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return dflt;
      const t = v.trim().toLowerCase();
      if (t === 'true' || t === '1') return true;
      if (t === 'false' || t === '0') return false;
      ctx.addIssue({ code: 'custom', message: `must be true or false, got "${v}"` });
      return z.NEVER;
    });

const secret = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v))
  .refine((v) => v === undefined || v.length >= 32, { message: 'must be at least 32 characters' });

export const configSchema = z.object({
  PORT: intIn(0, 65535, 8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  NATS_URL: optionalUrl(['nats://', 'tls://', 'ws://', 'wss://']),
  MONGODB_URI: optionalUrl(['mongodb://', 'mongodb+srv://']),
  MONGODB_DB: z.string().min(1).default('concord'),
  QDRANT_URL: optionalUrl(['http://', 'https://']),
  QDRANT_API_KEY: z.string().optional(),
  REDIS_URL: optionalUrl(['redis://', 'rediss://']),
  VENUE_SOURCE: z.enum(['live', 'recorded']).default('live'),
  VENUES: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ROLE: z.enum(ROLES).default('all'),
  INGEST_INTERVAL_SECONDS: intIn(5, 86_400, 60),
  WORKERS: intIn(1, 64, 2),
  JWT_ACCESS_SECRET: secret,
  JWT_REFRESH_SECRET: secret,
  /** The browser-facing origin (scheme://host[:port]); SIWE messages must name it; required in production (docs/auth.md). */
  PUBLIC_ORIGIN: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      let url: URL | undefined;
      try {
        url = new URL(v.trim());
      } catch {
        url = undefined;
      }
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.host === '' || url.pathname !== '/' || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
        ctx.addIssue({ code: 'custom', message: `must be an origin such as https://concord.example.com (scheme, host and optional port, no path), got "${v}"` });
        return z.NEVER;
      }
      return url.origin;
    }),
  PREDICTFUN_API_KEY: z.string().optional(),
  /** Backfill each new market's price history once from venues that publish it (docs/history.md). */
  HISTORY_BACKFILL: z.enum(['on', 'off']).default('on'),
  MAILGUN_API_KEY: z.string().optional(),
  MAILGUN_DOMAIN: z.string().optional(),
  MAILGUN_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  EMBEDDING_MODEL: z.string().optional(),
  API_KEY_MONTHLY_QUOTA: intIn(1, 1_000_000_000, 1_000_000),
  /** Time budget of one venue in a wallet-tracker request, every call and retry included (docs/wallet-tracker.md). */
  WALLET_TRACKER_VENUE_TIMEOUT_MS: intIn(100, 120_000, 8_000),
  /** production refuses to start without JWT secrets; anything else generates per-process ones (docs/auth.md). */
  NODE_ENV: z.string().optional(),
  /** Length of the per-minute rate window; change only in tests (docs/rate-limits.md). */
  RATE_LIMIT_WINDOW_MS: intIn(100, 3_600_000, 60_000),
  /** Length of the short burst window (docs/rate-limits.md). */
  RATE_LIMIT_BURST_WINDOW_MS: intIn(50, 600_000, 5_000),
  /** Multiplies every rate tier's per-minute and burst limits (tests, benchmarks); 1 keeps the spec's (docs/rate-limits.md). */
  RATE_LIMIT_MULTIPLIER: intIn(1, 1_000_000, 1),
  /** Arbitrage scanner and feed (docs/arbitrage.md, "Configuration"). */
  ARB_SCAN_INTERVAL_SECONDS: intIn(1, 3_600, 5),
  ARB_FULL_SCAN_SECONDS: intIn(5, 86_400, 60),
  ARB_STALE_AFTER_SECONDS: intIn(5, 86_400, 120),
  ARB_BOOK_TTL_SECONDS: intIn(1, 3_600, 15),
  ARB_RESOLVED_RETENTION_HOURS: intIn(1, 24 * 90, 24),
  ARB_FEED_CACHE_MS: intIn(0, 60_000, 2_000),
  /** Longest a serialised market list, discover page or question is served again (docs/api-caching.md); 0: off. */
  API_VIEW_CACHE_MS: intIn(0, 60_000, 1_000),
  ARB_STREAMS_PER_KEY: intIn(1, 1_000, 3),
  ARB_SSE_HEARTBEAT_SECONDS: intIn(1, 300, 15),
  /** Port of the /health and /ready probe of a process that serves no API (production roles); unset: none. */
  HEALTH_PORT: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0 || n > 65535) {
        ctx.addIssue({ code: 'custom', message: `must be a port from 0 to 65535, got "${v}"` });
        return z.NEVER;
      }
      return n;
    }),
  /** Copies of each JetStream stream kept by a NATS cluster (1 on a single server, 3 on the compose cluster). */
  STREAM_REPLICAS: intIn(1, 5, 1),
  /** EIP-155 chain ids a SIWE message may name (docs/auth.md). */
  SIWE_CHAIN_IDS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const raw = v === undefined || v.trim() === '' ? '1,10,56,137,8453,42161' : v;
      const ids = raw.split(',').map((s) => s.trim()).filter(Boolean).map(Number);
      if (ids.length === 0 || ids.some((n) => !Number.isSafeInteger(n) || n < 1)) {
        ctx.addIssue({ code: 'custom', message: `must be a comma-separated list of positive chain ids, got "${raw}"` });
        return z.NEVER;
      }
      return ids;
    }),
  /** Encrypts webhook signing secrets at rest; default derived from JWT_ACCESS_SECRET (docs/watchlists-alerts.md). */
  ALERTS_SECRET_KEY: secret,
  /** Tests only: lets webhook URLs point at private, loopback or link-local addresses. */
  ALERTS_WEBHOOK_ALLOW_PRIVATE: flag(false),
  /** How long one webhook attempt may take before it counts as failed. */
  ALERTS_WEBHOOK_TIMEOUT_MS: intIn(100, 60_000, 10_000),
  /** First retry delay of a failed notification; doubles per attempt up to an hour. */
  ALERTS_RETRY_BASE_MS: intIn(10, 3_600_000, 10_000),
  /** Attempts per notification before it is marked failed. */
  ALERTS_MAX_ATTEMPTS: intIn(1, 50, 10),
}).superRefine((config, ctx) => {
  // Without it the SIWE domain check could only trust the request's Host header (docs/auth.md).
  if (config.NODE_ENV === 'production' && config.PUBLIC_ORIGIN === undefined) {
    ctx.addIssue({ code: 'custom', path: ['PUBLIC_ORIGIN'], message: 'must be set when NODE_ENV=production (the origin wallets sign in to, e.g. https://concord.example.com)' });
  }
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  return result.data;
}
