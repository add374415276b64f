import type { NormalizedMarket } from '../../../shared/types/market.ts';
import { contentHash } from '../../../shared/contentHash.ts';

/** What the verifier reads of a market (the match-pairs CLI's M plus optional description). */
export interface LinkerMarketRef {
  readonly venue: string;
  readonly title: string;
  readonly outcome: string;
  readonly end_date: string | null;
  readonly category: string;
  readonly description?: string;
  /** A Kalshi market's ticker (its platform id), which dates and names what its title may leave out. */
  readonly ticker?: string;
  /** A Polymarket market's slug, which dates a game its close may not ("nba-hou-uta-2025-12-01"). */
  readonly slug?: string;
}

/** Separator our parsers put between a group's question and a contract label in composed titles. */
export const GROUP_TITLE_SEPARATOR = ' — ';

/**
 * True when the market is a bare contract of a multi-outcome event (PredictIt "Gavin Newsom",
 * an Azuro outcome): its title was composed from the group's question and the label. Split
 * markets that carry a complete question of their own (Polymarket negRisk items, Predict.fun
 * legs) are read as that question.
 */
export function isContractOfGroup(m: NormalizedMarket): boolean {
  return m.group !== null && m.title.includes(GROUP_TITLE_SEPARATOR);
}

/**
 * A contract split out of a multi-outcome event is asked as its group's question with the
 * contract as the outcome ("Who will win X?" / "Gavin Newsom"); a binary market as itself / Yes.
 */
export function toMarketRef(m: NormalizedMarket): LinkerMarketRef {
  const framed = isContractOfGroup(m);
  return {
    venue: m.platform_slug,
    title: framed && m.group ? m.group.title : m.title,
    outcome: framed && m.group ? m.group.outcome_label : (m.outcomes[0]?.label ?? 'Yes'),
    end_date: m.end_time ? m.end_time.slice(0, 10) : null,
    category: m.category,
    ...(m.description ? { description: m.description.slice(0, 2000) } : {}),
    ...(String(m.platform_slug) === 'kalshi' ? { ticker: m.platform_market_id } : {}),
    ...(String(m.platform_slug) === 'polymarket' && m.slug !== m.platform_market_id ? { slug: m.slug } : {}),
  };
}

/** Changes only when something the match depends on changes (not prices or volumes). */
export function matchKey(ref: LinkerMarketRef): string {
  return contentHash(ref);
}

/** The text embedded to propose candidates: question plus contract, lower-cased and squashed. */
export function embeddingText(ref: LinkerMarketRef): string {
  const outcome = /^(yes|no)$/i.test(ref.outcome) ? '' : ` ${ref.outcome}`;
  return `${ref.title}${outcome}`.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The market's own Yes price (first outcome), null when unpriced. */
export function ownYesPrice(m: NormalizedMarket): number | null {
  const yes = m.outcomes.find((o) => /^yes$/i.test(o.label)) ?? m.outcomes[0];
  return yes?.price ?? null;
}
