import { categoryFromTitle, inferCategory } from '../../../shared/categories/index.ts';
import type { Category } from '../../../shared/types/market.ts';

/**
 * Kalshi's category names (on the event, and on its series) mapped onto ours. Kalshi files
 * geopolitics under "World" and sorts companies and markets under "Financials"/"Companies".
 */
const KALSHI_CATEGORIES: Readonly<Record<string, Category>> = {
  politics: 'politics',
  elections: 'politics',
  world: 'politics',
  economics: 'economics',
  financials: 'economics',
  companies: 'economics',
  commodities: 'economics',
  crypto: 'crypto',
  sports: 'sports',
  'science and technology': 'science',
  'climate and weather': 'science',
  climate: 'science',
  health: 'science',
  entertainment: 'entertainment',
  culture: 'entertainment',
  mentions: 'entertainment',
  social: 'entertainment',
  transportation: 'other',
};

export interface KalshiCategoryHints {
  readonly eventCategory: string | null | undefined;
  readonly seriesCategory: string | null | undefined;
  readonly seriesTags: readonly string[];
  readonly title: string;
}

/**
 * The event's category first (Kalshi moved it there from the market), then the series'; an
 * unknown name falls back to the shared tag and title rules. A coin named in the title wins, as
 * everywhere else: "Bitcoin above $150k" under Financials is crypto.
 */
export function kalshiCategory(h: KalshiCategoryHints): Category {
  if (categoryFromTitle(h.title) === 'crypto') return 'crypto';
  for (const name of [h.eventCategory, h.seriesCategory]) {
    const mapped = name ? KALSHI_CATEGORIES[name.trim().toLowerCase()] : undefined;
    if (mapped) return mapped;
  }
  const tags = [h.eventCategory, h.seriesCategory, ...h.seriesTags].filter((t): t is string => typeof t === 'string' && t.length > 0);
  return inferCategory({ tags, title: h.title });
}
