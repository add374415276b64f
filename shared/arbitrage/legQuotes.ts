import type { BookLevel, OutcomeBook, PriceSource, ScanMember } from './types.ts';

/** The question's two outcomes. A complement-linked market's own Yes is the question's No. */
export type QuestionOutcome = 'yes' | 'no';

/** One side of one outcome as the scanner can trade it. */
export interface SideQuote {
  /** Best price of this side. */
  readonly price: number;
  /** Shares at `price`; null when the source gives no size. */
  readonly size: number | null;
  /** Every level, best first (only an order book has more than one). */
  readonly levels: readonly BookLevel[];
  readonly source: PriceSource;
  readonly quoted_at: string;
  /** The venue outcome traded and its label. */
  readonly outcome_index: number;
  readonly outcome_label: string;
}

/** The venue outcome that pays when the question's `outcome` happens. */
export function instrumentIndex(member: Pick<ScanMember, 'relation'>, outcome: QuestionOutcome): number {
  return (outcome === 'yes') === (member.relation === 'identity') ? 0 : 1;
}

/**
 * Where a member's executable price comes from, best first: its fetched order book (an empty side
 * means nothing to trade), else the listing's best bid / ask (a venue quoting one side only, like
 * Azuro's bets that cannot be sold back, has nothing on the other), else, for a venue that quotes no
 * side at all (an AMM), its probability: shown, never executable (docs/arbitrage.md).
 */
export function sideQuote(member: ScanMember, outcome: QuestionOutcome, side: 'bid' | 'ask'): SideQuote | null {
  const index = instrumentIndex(member, outcome);
  const venueOutcome = member.outcomes[index];
  if (!venueOutcome) return null;
  // Object literals of one shape (no spreads): a cold pass makes three of these per ordered pair.
  if (member.book) {
    const book: OutcomeBook = index === 0 ? member.book.yes : member.book.no;
    const levels = side === 'bid' ? book.bids : book.asks;
    const top = levels[0];
    if (!top) return null;
    return { price: top.price, size: top.size, levels, source: 'order_book', quoted_at: member.book.quoted_at, outcome_index: index, outcome_label: venueOutcome.label };
  }
  const listed = side === 'bid' ? venueOutcome.best_bid : venueOutcome.best_ask;
  if (listed !== null && listed !== undefined) {
    return { price: listed, size: null, levels: [{ price: listed, size: Number.POSITIVE_INFINITY }], source: 'listing_quote', quoted_at: member.quoted_at, outcome_index: index, outcome_label: venueOutcome.label };
  }
  const quotesAnySide = (venueOutcome.best_bid ?? null) !== null || (venueOutcome.best_ask ?? null) !== null;
  if (quotesAnySide || venueOutcome.price === null) return null;
  const p = venueOutcome.price;
  return { price: p, size: null, levels: [{ price: p, size: Number.POSITIVE_INFINITY }], source: 'probability', quoted_at: member.quoted_at, outcome_index: index, outcome_label: venueOutcome.label };
}

/**
 * The price `sideQuote` gives a member when no book is held (its listing quote, or its probability), or
 * NaN when there is none: what the book prefilter compares, without building a quote.
 */
export function listingSidePrice(member: Pick<ScanMember, 'relation' | 'outcomes'>, outcome: QuestionOutcome, side: 'bid' | 'ask'): number {
  const o = member.outcomes[instrumentIndex(member, outcome)];
  if (!o) return Number.NaN;
  const listed = side === 'bid' ? o.best_bid : o.best_ask;
  if (listed !== null && listed !== undefined) return listed;
  if ((o.best_bid ?? null) !== null || (o.best_ask ?? null) !== null || o.price === null) return Number.NaN;
  return o.price;
}
