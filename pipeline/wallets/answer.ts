import { VENUES } from '../../shared/venues/registry.ts';
import { WALLET_VENUES, type TrackedPosition, type TradeHistoryItem, type VenueWallet, type WalletIdentity, type WalletVenue } from './types.ts';
import { round } from './values.ts';

/** What a refresh learnt about one venue. `dataAt` is when the data shown was fetched (ms). */
export type VenueResult =
  | { readonly kind: 'ok'; readonly wallet: VenueWallet; readonly dataAt: number }
  | { readonly kind: 'stale'; readonly wallet: VenueWallet; readonly dataAt: number; readonly message: string }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'not_requested'; readonly message: string };

/** Spec per-venue entry; `stale` and `ageSeconds` appear only when a failed refresh fell back on older data. */
export interface VenueEntry {
  readonly positions: readonly TrackedPosition[];
  readonly history: readonly TradeHistoryItem[];
  readonly totalValue: number;
  readonly totalPnL: number;
  readonly positionCount: number;
  readonly error?: string;
  readonly stale?: true;
  readonly ageSeconds?: number;
}

export interface WalletSummary {
  /** Real-money venues only (USDC and USDT counted 1:1 as US dollars). */
  readonly totalValue: number;
  readonly totalPnL: number;
  /** Positions held on every venue, play money included (a count mixes no currencies). */
  readonly totalPositions: number;
  /** Venues holding at least one position. */
  readonly activePlatforms: number;
  /** Play money (Manifold mana), kept out of the sums above. */
  readonly playMoney: { readonly currency: 'MANA'; readonly totalValue: number; readonly totalPnL: number; readonly totalPositions: number };
}

/** The wallet-tracker response: top-level fields, no `data` envelope. */
export interface WalletAnswer {
  readonly address: string;
  readonly solanaAddress?: string;
  readonly manifoldUser?: string;
  readonly platforms: Readonly<Record<WalletVenue, VenueEntry>>;
  readonly summary: WalletSummary;
  /** When the venues were asked for this answer (ISO 8601). */
  readonly fetchedAt: string;
  /** Seconds since `fetchedAt`: 0 for a fresh answer, up to the cache lifetime for a cached one. */
  readonly ageSeconds: number;
}

/** History items per venue in the response, most recent first. */
export const HISTORY_PER_VENUE = 50;

const EMPTY: Omit<VenueEntry, 'error'> = { positions: [], history: [], totalValue: 0, totalPnL: 0, positionCount: 0 };

/**
 * Entry totals cover what is held (open and resolved positions). Closed positions are listed for their
 * realised result but hold nothing, so they add neither value, P&L nor count.
 */
function entryOf(wallet: VenueWallet): VenueEntry {
  const held = wallet.positions.filter((p) => p.status !== 'closed');
  return {
    positions: wallet.positions,
    history: wallet.history.slice(0, HISTORY_PER_VENUE),
    totalValue: round(held.reduce((s, p) => s + p.currentValue, 0), 6),
    totalPnL: round(held.reduce((s, p) => s + p.pnl, 0), 6),
    positionCount: held.length,
  };
}

function renderEntry(result: VenueResult, at: number): VenueEntry {
  switch (result.kind) {
    case 'ok':
      return entryOf(result.wallet);
    case 'stale':
      return { ...entryOf(result.wallet), error: result.message, stale: true, ageSeconds: Math.max(0, Math.floor((at - result.dataAt) / 1000)) };
    case 'error':
    case 'not_requested':
      return { ...EMPTY, error: result.message };
  }
}

function summarise(platforms: Readonly<Record<WalletVenue, VenueEntry>>): WalletSummary {
  let totalValue = 0;
  let totalPnL = 0;
  let totalPositions = 0;
  let activePlatforms = 0;
  const play = { totalValue: 0, totalPnL: 0, totalPositions: 0 };
  for (const venue of WALLET_VENUES) {
    const e = platforms[venue];
    totalPositions += e.positionCount;
    if (e.positionCount > 0) activePlatforms += 1;
    if (VENUES[venue].playMoney) {
      play.totalValue += e.totalValue;
      play.totalPnL += e.totalPnL;
      play.totalPositions += e.positionCount;
    } else {
      totalValue += e.totalValue;
      totalPnL += e.totalPnL;
    }
  }
  return {
    totalValue: round(totalValue, 6),
    totalPnL: round(totalPnL, 6),
    totalPositions,
    activePlatforms,
    playMoney: { currency: 'MANA', totalValue: round(play.totalValue, 6), totalPnL: round(play.totalPnL, 6), totalPositions: play.totalPositions },
  };
}

/** Builds the response from a (possibly cached) refresh; ages are computed at `at`, the time of the request. */
export function renderAnswer(id: WalletIdentity, cached: { readonly fetchedAt: number; readonly venues: Readonly<Record<WalletVenue, VenueResult>> }, at: number): WalletAnswer {
  const platforms = Object.fromEntries(WALLET_VENUES.map((v) => [v, renderEntry(cached.venues[v], at)])) as Record<WalletVenue, VenueEntry>;
  return {
    address: id.address,
    ...(id.solana ? { solanaAddress: id.solana } : {}),
    ...(id.manifold ? { manifoldUser: id.manifold } : {}),
    platforms,
    summary: summarise(platforms),
    fetchedAt: new Date(cached.fetchedAt).toISOString(),
    ageSeconds: Math.max(0, Math.floor((at - cached.fetchedAt) / 1000)),
  };
}
