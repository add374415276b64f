import type { Currency } from '../types/market.ts';
import { uuidFromName } from '../ids.ts';

/** The spec's seven venues in their fixed order, then the venues added after them (Kalshi eighth). */
export const VENUE_SLUGS = ['polymarket', 'limitless', 'predictfun', 'manifold', 'predictit', 'azuro', 'drift', 'kalshi'] as const;
export type VenueSlug = (typeof VENUE_SLUGS)[number];

export type VenueKind =
  | 'evm_prediction_market'
  | 'play_money'
  | 'regulated_political'
  | 'sports_betting'
  | 'solana_exchange'
  /** A CFTC-designated contract market with a central limit order book (Kalshi). */
  | 'regulated_exchange';

/** How the wallet tracker identifies a user on the venue; null where there is no public per-user data. */
export type WalletIdentity = 'evm_address' | 'solana_address' | 'username' | null;

export interface VenueInfo {
  readonly slug: VenueSlug;
  /** Stable UUID used as `platform_id` (derived from the slug, so it never changes between runs). */
  readonly id: string;
  readonly name: string;
  readonly kind: VenueKind;
  readonly chain: string | null;
  readonly currency: Currency;
  readonly playMoney: boolean;
  readonly wallet: WalletIdentity;
}

function venue(v: Omit<VenueInfo, 'id'>): VenueInfo {
  return Object.freeze({ ...v, id: uuidFromName(`venue:${v.slug}`) });
}

export const VENUES: Readonly<Record<VenueSlug, VenueInfo>> = Object.freeze({
  polymarket: venue({ slug: 'polymarket', name: 'Polymarket', kind: 'evm_prediction_market', chain: 'polygon', currency: 'USDC', playMoney: false, wallet: 'evm_address' }),
  limitless: venue({ slug: 'limitless', name: 'Limitless', kind: 'evm_prediction_market', chain: 'base', currency: 'USDC', playMoney: false, wallet: 'evm_address' }),
  predictfun: venue({ slug: 'predictfun', name: 'Predict.fun', kind: 'evm_prediction_market', chain: 'bnb', currency: 'USDT', playMoney: false, wallet: 'evm_address' }),
  manifold: venue({ slug: 'manifold', name: 'Manifold', kind: 'play_money', chain: null, currency: 'MANA', playMoney: true, wallet: 'username' }),
  predictit: venue({ slug: 'predictit', name: 'PredictIt', kind: 'regulated_political', chain: null, currency: 'USD', playMoney: false, wallet: null }),
  azuro: venue({ slug: 'azuro', name: 'Azuro', kind: 'sports_betting', chain: 'polygon', currency: 'USDT', playMoney: false, wallet: 'evm_address' }),
  drift: venue({ slug: 'drift', name: 'Drift', kind: 'solana_exchange', chain: 'solana', currency: 'USDC', playMoney: false, wallet: 'solana_address' }),
  // Custodial and KYC'd: positions are readable only for one's own account with RSA-PSS signed requests,
  // so there is no public per-user identity for the wallet tracker (docs/venues.md).
  kalshi: venue({ slug: 'kalshi', name: 'Kalshi', kind: 'regulated_exchange', chain: null, currency: 'USD', playMoney: false, wallet: null }),
});

export function isVenueSlug(value: unknown): value is VenueSlug {
  return typeof value === 'string' && (VENUE_SLUGS as readonly string[]).includes(value);
}
