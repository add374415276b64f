import type { WalletVenue, WalletVenueModule } from './types.ts';
import { polymarketWallet } from './polymarket.ts';
import { limitlessWallet } from './limitless.ts';
import { predictfunWallet } from './predictfun.ts';
import { azuroWallet } from './azuro.ts';
import { driftWallet } from './drift.ts';
import { manifoldWallet } from './manifold.ts';

/** The six wallet-tracker venues, in the order the response lists them. */
export const WALLET_MODULES: Readonly<Record<WalletVenue, WalletVenueModule>> = {
  polymarket: polymarketWallet,
  limitless: limitlessWallet,
  predictfun: predictfunWallet,
  azuro: azuroWallet,
  drift: driftWallet,
  manifold: manifoldWallet,
};

export { createWalletTracker, type WalletTracker, type WalletTrackerOptions } from './tracker.ts';
export type { WalletIdentity, TrackedPosition, TradeHistoryItem } from './types.ts';
