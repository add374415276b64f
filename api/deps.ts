import type { Logger } from 'pino';
import type { Config } from '../shared/config.ts';
import type { DocumentStore } from '../shared/ports/documentStore.ts';
import type { WalletTracker } from '../pipeline/wallets/tracker.ts';
import type { ArbitrageFeed } from '../shared/ports/arbitrageFeed.ts';

/** Result of probing one dependency for /ready. */
export interface DependencyCheck {
  readonly name: string;
  readonly ok: boolean;
  readonly error?: string;
}

/** Everything the HTTP layer needs, passed in by the composition root (bin/). */
export interface AppDeps {
  readonly config: Config;
  readonly log: Logger;
  readonly store: DocumentStore;
  /** Probes NATS, the store and whatever else the process depends on. */
  readonly checkDependencies: () => Promise<readonly DependencyCheck[]>;
  /** Publishes one event to a stream subject (JetStream); used off the hot path. */
  readonly publish: (subject: string, payload: unknown, msgId?: string) => Promise<void>;
  /** Wallet tracker (cache + venue transport); built from config when absent. */
  readonly walletTracker?: WalletTracker;
  /** The ARB stream's opportunity events, for the SSE feed; absent where no stream is reachable (503). */
  readonly arbitrageFeed?: ArbitrageFeed;
}

export const SERVICE_NAME = 'concord';
export const API_VERSION = '1.0.0';
