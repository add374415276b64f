import type { Category } from '../types/market.ts';

/**
 * Maps what a venue says about a market (its tags, groups, series names) and its title onto
 * Concord's category list. Pure, so every connector uses the same rules.
 *
 * Order of evidence: venue tags first (the venue's own editors chose them), then keywords in
 * the title, then the caller's fallback (PredictIt: politics). When several categories match,
 * the one with most hits wins; ties go to the earlier category in TIE_BREAK.
 */
export interface CategoryHints {
  readonly tags?: readonly string[];
  readonly title: string;
  readonly fallback?: Category;
}

type Scored = Exclude<Category, 'other'>;

/** Tie-break order: the more specific subjects first (a Bitcoin market tagged Finance is crypto). */
const TIE_BREAK: readonly Scored[] = ['crypto', 'sports', 'politics', 'economics', 'science', 'entertainment'];

const TAGS: Readonly<Record<Scored, readonly string[]>> = {
  crypto: ['crypto', 'crypto prices', 'cryptocurrency', 'bitcoin', 'btc', 'ethereum', 'eth', 'solana', 'defi', 'airdrops', 'memecoins', 'stablecoins', 'nft'],
  politics: ['politics', 'us politics', 'elections', 'us elections', 'us presidential election', 'politics default', 'world elections', 'geopolitics', 'trump', 'congress', 'senate', 'house', 'courts', 'scotus', 'world', 'middle east', 'ukraine', 'foreign policy', 'immigration', 'global elections', 'us current affairs', 'world politics', 'us midterms', 'us 2028 election'],
  sports: ['sports', 'nfl', 'nba', 'mlb', 'nhl', 'soccer', 'football', 'basketball', 'baseball', 'hockey', 'tennis', 'golf', 'ufc', 'mma', 'boxing', 'f1', 'formula 1', 'cricket', 'esports', 'olympics', 'epl', 'champions league', 'ncaa', 'cfb', 'world cup'],
  economics: ['economics', 'economy', 'finance', 'business', 'fed', 'fed rates', 'interest rates', 'inflation', 'stocks', 'equities', 'macro', 'gdp', 'jobs', 'tariffs', 'commodities', 'earnings', 'recession'],
  science: ['science', 'ai', 'tech', 'technology', 'space', 'climate', 'weather', 'health', 'medicine', 'biology', 'physics', 'spacex', 'openai', 'covid', 'pandemics'],
  entertainment: ['entertainment', 'culture', 'pop culture', 'movies', 'music', 'tv', 'awards', 'oscars', 'grammys', 'celebrities', 'gaming', 'gta vi', 'video games', 'youtube', 'twitter', 'social media', 'mentions', 'books'],
};

const KEYWORDS: Readonly<Record<Scored, readonly RegExp[]>> = {
  crypto: [/\bbitcoin\b/i, /\bbtc\b/i, /\bethereum\b/i, /\beth\b/i, /\bsolana\b/i, /\bcrypto/i, /\bdogecoin\b/i, /\bxrp\b/i, /\bstablecoin/i, /\bmicrostrategy\b/i, /\bmegaeth\b/i, /\bairdrop/i, /\btoken launch/i, /\bfdv\b/i],
  sports: [/\bnfl\b/i, /\bnba\b/i, /\bmlb\b/i, /\bnhl\b/i, /\bsuper bowl\b/i, /\bworld cup\b/i, /\bchampions league\b/i, /\bpremier league\b/i, /\bstanley cup\b/i, /\bworld series\b/i, /\bwimbledon\b/i, /\bgrand prix\b/i, /\bufc\b/i, /\bolympic/i, /\b(rookie|coach|mvp) of the year\b/i, /\bplayoffs?\b/i, /\bchampion(ship)?\b.*\b20\d\d\b/i, / vs\.? /i],
  politics: [/\belection\b/i, /\bnominat(ion|e)\b/i, /\bprimary\b/i, /\bsenate\b/i, /\bhouse\b.*\b(seats?|election|control|midterm|speaker|vote|pass)/i, /\bcongress/i, /\bpresident(ial)?\b/i, /\bgovernor\b/i, /\bgubernatorial\b/i, /\bmidterms?\b/i, /\bdemocrat(s|ic)?\b/i, /\brepublican(s)?\b/i, /\bgop\b/i, /\btrump\b/i, /\bimpeach/i, /\bparliament\b/i, /\bprime minister\b/i, /\bceasefire\b/i, /\binvades?\b/i, /\bscotus\b/i, /\bsupreme court\b/i, /\bpardon/i, /\bdeport/i],
  economics: [/\bfed\b/i, /\bfederal reserve\b/i, /\binterest rates?\b/i, /\brate (cut|hike)s?\b/i, /\binflation\b/i, /\bcpi\b/i, /\bgdp\b/i, /\brecession\b/i, /\bunemployment\b/i, /\btariffs?\b/i, /\bs&p\s?500\b/i, /\bnasdaq\b/i, /\bstock\b/i, /\bearnings\b/i, /\bjobs report\b/i, /\btreasury\b/i, /\bdow jones\b/i, /\boil price/i, /\bgold price/i],
  science: [/\bai\b/, /\bartificial intelligence\b/i, /\bopenai\b/i, /\bgpt-?\d/i, /\bspacex\b/i, /\bnasa\b/i, /\bmars\b/i, /\bclimate\b/i, /\btemperature\b/i, /\bhurricane\b/i, /\bearthquake\b/i, /\bvaccine\b/i, /\bpandemic\b/i, /\bquantum\b/i, /\bfusion\b/i],
  entertainment: [/\bgta\b/i, /\balbum\b/i, /\bmovie\b/i, /\bfilm\b/i, /\boscars?\b/i, /\bgrammys?\b/i, /\bemmys?\b/i, /\bbox office\b/i, /\bnetflix\b/i, /\btaylor swift\b/i, /\bsong\b/i, /\bbillboard\b/i, /\bcelebrity\b/i, /\btv show\b/i, /\bperson of the year\b/i],
};

function score(hits: Map<Scored, number>): Category | null {
  let best: Scored | null = null;
  let bestHits = 0;
  for (const category of TIE_BREAK) {
    const n = hits.get(category) ?? 0;
    if (n > bestHits) {
      best = category;
      bestHits = n;
    }
  }
  return best;
}

/** Category from venue tags alone, or null when none of them is known. */
export function categoryFromTags(tags: readonly string[]): Category | null {
  const hits = new Map<Scored, number>();
  for (const raw of tags) {
    // Manifold sends group slugs ("us-politics", "politics-default"), Polymarket labels ("US Politics").
    const tag = raw.trim().toLowerCase().replace(/[-_]+/g, ' ');
    for (const category of TIE_BREAK) {
      if (TAGS[category].includes(tag)) hits.set(category, (hits.get(category) ?? 0) + 1);
    }
  }
  return score(hits);
}

/**
 * Per category, one case-insensitive alternation of all its keyword patterns: it matches every title any of them
 * matches (an alternation is their union, and `i` only widens the one case-sensitive pattern), so a title it does
 * not match has no hit in the category and its patterns need not be tried one by one. Most titles hit no more
 * than one or two categories, so this tries ~6 patterns a title instead of ~100.
 */
const ANY_KEYWORD: Readonly<Record<Scored, RegExp>> = Object.fromEntries(
  TIE_BREAK.map((category) => [category, new RegExp(KEYWORDS[category].map((re) => `(?:${re.source})`).join('|'), 'i')]),
) as Record<Scored, RegExp>;

/** Category from keywords in a title, or null when nothing matches. */
export function categoryFromTitle(title: string): Category | null {
  const hits = new Map<Scored, number>();
  for (const category of TIE_BREAK) {
    if (!ANY_KEYWORD[category].test(title)) continue;
    const n = KEYWORDS[category].filter((re) => re.test(title)).length;
    if (n > 0) hits.set(category, n);
  }
  return score(hits);
}

export function inferCategory(hints: CategoryHints): Category {
  // A crypto keyword in the title beats generic finance tags: "MicroStrategy sells Bitcoin" is crypto.
  const fromTitle = categoryFromTitle(hints.title);
  if (fromTitle === 'crypto') return 'crypto';
  return categoryFromTags(hints.tags ?? []) ?? fromTitle ?? hints.fallback ?? 'other';
}
