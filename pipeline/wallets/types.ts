import type { Logger } from 'pino';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import type { HttpClient } from '../http/types.ts';
import type { VenueDescriptor } from '../venues/types.ts';

/** The six venues the wallet tracker covers (Kalshi is custodial and PredictIt has no per-user data). */
export const WALLET_VENUES = ['polymarket', 'limitless', 'predictfun', 'azuro', 'drift', 'manifold'] as const;
export type WalletVenue = (typeof WALLET_VENUES)[number] & VenueSlug;

export type PositionStatus = 'open' | 'closed' | 'resolved';

/** Spec record TrackedPosition (camelCase, exactly these fields). */
export interface TrackedPosition {
  readonly platform: WalletVenue;
  readonly marketTitle: string;
  readonly marketUrl: string;
  readonly outcome: string;
  readonly size: number;
  readonly avgPrice: number;
  readonly currentPrice: number;
  readonly currentValue: number;
  readonly pnl: number;
  readonly pnlPercent: number;
  readonly status: PositionStatus;
  readonly endDate?: string;
}

/** Spec record TradeHistoryItem (camelCase, exactly these fields). */
export interface TradeHistoryItem {
  readonly platform: WalletVenue;
  readonly type: string;
  readonly side: string;
  readonly marketTitle: string;
  readonly price?: number;
  readonly size?: number;
  readonly timestamp: string;
  readonly status?: string;
}

/** What one venue's parsers produce for a wallet: its positions and its recent history. */
export interface VenueWallet {
  readonly positions: readonly TrackedPosition[];
  readonly history: readonly TradeHistoryItem[];
  /** Rows the parsers could not read (field and reason), logged as schema drift; never zero-filled. */
  readonly skipped: readonly string[];
}

/** The identities of one request, validated before any upstream call. */
export interface WalletIdentity {
  /** EIP-55 checksummed Ethereum address. */
  readonly address: string;
  /** Base58 Solana public key (the Drift authority), when given. */
  readonly solana?: string;
  /** Manifold username, when given. */
  readonly manifold?: string;
}

export interface WalletFetchContext {
  readonly http: HttpClient;
  readonly log: Logger;
  /** Aborts every call of this venue when its time budget is spent. */
  readonly signal: AbortSignal;
  /** Venue API key (Predict.fun mainnet needs one). */
  readonly apiKey?: string;
}

/** One venue of the wallet tracker: which identity it needs, how to fetch, and what is recorded for it. */
export interface WalletVenueModule {
  readonly slug: WalletVenue;
  /** Rate limits of the venue's wallet endpoints, for the transport's token bucket. */
  readonly descriptor: VenueDescriptor;
  /** Which identity of the request the venue is looked up by. */
  readonly identity: 'address' | 'solana' | 'manifold';
  /** Fetches and parses; throws a VenueError (or any error) when the venue cannot answer. */
  fetch(id: WalletIdentity, ctx: WalletFetchContext): Promise<VenueWallet>;
  /** Recorded mode: the key under which a request is looked up in `recorded/index.json`. */
  recordedKey(url: URL): string | null;
  /**
   * Recorded mode: what the venue itself answers for an identity it knows nothing about (an empty list, or
   * the 404 some venues send), so an unrecorded identity reads as a wallet without activity, as it would live.
   */
  recordedMiss(url: URL): { readonly status: 200; readonly json: unknown } | { readonly status: 404 };
}
