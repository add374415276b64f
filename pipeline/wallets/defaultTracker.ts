import type { Logger } from 'pino';
import type { Config } from '../../shared/config.ts';
import { createHttpClient } from '../http/httpClient.ts';
import type { HttpClient } from '../http/types.ts';
import { WALLET_MODULES } from './index.ts';
import { createRecordedWalletHttp } from './recordedWalletHttp.ts';
import { createWalletTracker, type WalletTracker } from './tracker.ts';
import type { WalletVenue } from './types.ts';

/**
 * The tracker the API uses unless one is passed in: the live venue transport (token bucket per venue for
 * its wallet endpoints, retries) or, with VENUE_SOURCE=recorded, the recorded wallet payloads.
 */
export function createDefaultWalletTracker(config: Config, log: Logger, http?: HttpClient): WalletTracker {
  const modules = Object.values(WALLET_MODULES);
  const recorded = config.VENUE_SOURCE === 'recorded';
  const timeout = config.WALLET_TRACKER_VENUE_TIMEOUT_MS;
  const transport =
    http ??
    (recorded
      ? createRecordedWalletHttp(modules)
      : createHttpClient({
          venues: modules.map((m) => m.descriptor),
          log: log.child({ component: 'wallet-http' }),
          // Two attempts and short back-offs: a person is waiting, and the venue budget bounds it all anyway.
          maxAttempts: 2,
          baseDelayMs: 250,
          maxDelayMs: 1_000,
          maxRetryAfterMs: 2_000,
          defaultTimeoutMs: timeout,
          maxQueue: 200,
        }));
  const apiKeys: Partial<Record<WalletVenue, string>> = {};
  const predictfunKey = config.PREDICTFUN_API_KEY ?? (recorded ? 'recorded-mode' : undefined);
  if (predictfunKey) apiKeys.predictfun = predictfunKey;
  return createWalletTracker({ http: transport, log: log.child({ component: 'wallet-tracker' }), modules: WALLET_MODULES, apiKeys, venueTimeoutMs: timeout });
}
