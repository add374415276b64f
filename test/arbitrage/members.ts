import type { FeeModel } from '../../shared/fees/feeModel.ts';
import type { OrderBook, ScanClock, ScanMember, ScanQuestion } from '../../shared/arbitrage/types.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import { marketId } from '../../shared/ids.ts';
import { VENUES } from '../../shared/venues/registry.ts';

/** Hand-built scan inputs for the arbitrage tests: every number in a test is visible in the test. */
export const NOW = '2026-06-01T12:00:00.000Z';
export const CLOCK: ScanClock = { now: NOW, reference: {}, staleAfterMs: 120_000 };
export const FEES = {
  polymarketOff: { kind: 'none', reason: 'fees_disabled', source: 'market' } as FeeModel,
  predictfun: { kind: 'min_price_bps', taker_bps: 200, maker_bps: 0, source: 'market' } as FeeModel,
  predictit: { kind: 'profit_share', profit_rate: 0.1, withdrawal_rate: 0.05, source: 'venue' } as FeeModel,
  drift: { kind: 'flat', taker: 0.00035, maker: -0.00002, source: 'market' } as FeeModel,
  limitlessFree: { kind: 'none', reason: 'fees_disabled', source: 'market' } as FeeModel,
  manifold: { kind: 'none', reason: 'play_money', source: 'venue' } as FeeModel,
  unknown: { kind: 'unknown', reason: 'Polymarket market payload has no feesEnabled flag' } as FeeModel,
  /** Kalshi's general schedule: 0.07 x C x P x (1 - P), fills up to $0.0001, the order up to the cent. */
  kalshi: { kind: 'quadratic_per_order', taker_rate: 0.07, maker_rate: 0, multiplier: 1, fill_round_up_to: 0.0001, order_round_up_to: 0.01, source: 'market' } as FeeModel,
};

export interface MemberSpec {
  venue: VenueSlug;
  id?: string;
  yes?: { bid: number | null; ask: number | null; price?: number | null };
  no?: { bid: number | null; ask: number | null; price?: number | null };
  fee?: FeeModel;
  relation?: 'identity' | 'complement';
  confidence?: number;
  liquidity?: number | null;
  volume24h?: number | null;
  end_time?: string | null;
  status?: string;
  quoted_at?: string;
  fetched_at?: string;
  book?: OrderBook | null;
  failing?: boolean;
  disabled?: boolean;
  last_success_at?: string | null;
}

export function member(s: MemberSpec): ScanMember {
  const yes = s.yes ?? { bid: null, ask: null };
  const no = s.no ?? { bid: yes.ask === null ? null : 1 - yes.ask, ask: yes.bid === null ? null : 1 - yes.bid };
  const mid = (q: { bid: number | null; ask: number | null; price?: number | null }) =>
    q.price !== undefined ? q.price : q.bid !== null && q.ask !== null ? (q.bid + q.ask) / 2 : null;
  const pid = s.id ?? `${s.venue}-market`;
  return {
    market_id: marketId(s.venue, pid),
    platform_slug: s.venue,
    platform_market_id: pid,
    title: `Will it happen? (${s.venue})`,
    url: null,
    status: s.status ?? 'open',
    end_time: s.end_time === undefined ? '2027-06-01T12:00:00.000Z' : s.end_time,
    relation: s.relation ?? 'identity',
    confidence: s.confidence ?? 0.95,
    match_method: 'semantic',
    play_money: VENUES[s.venue].playMoney,
    currency: VENUES[s.venue].currency,
    fee: s.fee ?? FEES.polymarketOff,
    volume24h: s.volume24h === undefined ? 100_000 : s.volume24h,
    liquidity: s.liquidity === undefined ? 50_000 : s.liquidity,
    outcomes: [
      { label: 'Yes', outcome_index: 0, price: mid(yes), best_bid: yes.bid, best_ask: yes.ask },
      { label: 'No', outcome_index: 1, price: mid(no), best_bid: no.bid, best_ask: no.ask },
    ],
    quoted_at: s.quoted_at ?? NOW,
    fetched_at: s.fetched_at ?? s.quoted_at ?? NOW,
    book: s.book ?? null,
    venue: { disabled: s.disabled ?? false, failing: s.failing ?? false, last_success_at: s.last_success_at === undefined ? NOW : s.last_success_at },
  };
}

export function question(members: ScanMember[], over: Partial<ScanQuestion> = {}): ScanQuestion {
  return {
    id: '5f0c1c52-8d0e-5b7a-9b55-0c4d2f8a1e01',
    title: 'Will it happen?',
    slug: 'will-it-happen',
    category: 'politics',
    end_time: '2027-06-01T12:00:00.000Z',
    members,
    ...over,
  };
}

/** A book whose second outcome mirrors the first (the CTF venues). */
export function mirroredBook(yesBids: Array<[number, number]>, yesAsks: Array<[number, number]>, quoted_at = NOW, stamped = true): OrderBook {
  const lv = (l: Array<[number, number]>) => l.map(([price, size]) => ({ price, size }));
  const r = (p: number) => Math.round((1 - p) * 1e6) / 1e6;
  return {
    yes: { bids: lv(yesBids), asks: lv(yesAsks) },
    no: { bids: yesAsks.map(([p, size]) => ({ price: r(p), size })), asks: yesBids.map(([p, size]) => ({ price: r(p), size })) },
    quoted_at,
    stamped,
  };
}
