/**
 * Fee models as data. Each variant keeps the inputs the venue publishes so the API can show
 * them and the arbitrage maths can recompute them; `source` says where the numbers came from
 * (`market` when read from the market payload, `venue` for a documented venue-wide rate).
 * An unknown fee is `unknown`, never 0: arbitrage treats it as a blocker.
 */
export type FeeSource = 'market' | 'venue' | 'documentation';

export type FeeModel =
  /** No trading fee: play money, or a venue that documents zero fees. */
  | { readonly kind: 'none'; readonly reason: 'play_money' | 'zero_fee' | 'fees_disabled'; readonly source: FeeSource }
  /** Polymarket: taker pays shares * rate * (p(1-p))^exponent; makers free. */
  | {
      readonly kind: 'price_curve';
      readonly rate: number;
      readonly exponent: number;
      readonly taker_only: boolean;
      readonly source: FeeSource;
    }
  /** Predict.fun: taker pays bps * min(p, 1-p) per share. */
  | { readonly kind: 'min_price_bps'; readonly taker_bps: number; readonly maker_bps: number; readonly source: FeeSource }
  /** PredictIt: share of profit on winning positions plus a withdrawal fee. */
  | { readonly kind: 'profit_share'; readonly profit_rate: number; readonly withdrawal_rate: number; readonly source: FeeSource }
  /** Azuro: no explicit fee, the bookmaker margin is built into the odds. */
  | { readonly kind: 'odds_margin'; readonly margin: number; readonly source: FeeSource }
  /** Flat notional rates (Drift, Limitless): fractions of notional, maker may be negative (rebate). */
  | { readonly kind: 'flat'; readonly taker: number; readonly maker: number; readonly source: FeeSource }
  /**
   * Kalshi: rate * multiplier * C * P * (1-P) per fill, each fill rounded up to `fill_round_up_to`
   * and the order's total up to `order_round_up_to` (a cent); takers pay `taker_rate`, makers
   * `maker_rate` (0 except on series with maker fees). See shared/fees/venues/kalshi.ts.
   */
  | {
      readonly kind: 'quadratic_per_order';
      readonly taker_rate: number;
      readonly maker_rate: number;
      readonly multiplier: number;
      readonly fill_round_up_to: number;
      readonly order_round_up_to: number;
      readonly source: FeeSource;
    }
  | { readonly kind: 'unknown'; readonly reason: string };
