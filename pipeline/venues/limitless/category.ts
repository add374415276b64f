import type { Category } from '../../../shared/types/market.ts';

/**
 * Limitless labels markets with free-form `categories[]`/`tags[]` ("Crypto", "Minutely", "Politics",
 * "Lumy") and, on oracle markets, `priceOracleMetadata.assetType`. Local mapping until
 * shared/categories lands; first rule that matches wins, so the specific topics come first.
 */
const RULES: ReadonlyArray<readonly [Category, RegExp]> = [
  ['crypto', /\b(crypto|bitcoin|btc|ethereum|eth|solana|sol|doge|xrp|bnb|hype|defi|memecoin|token)\b/i],
  ['politics', /\b(politics|elections?|president(ial)?|senate|house|congress|governor|nominee|nomination|democrat(ic|s)?|republican(s)?|trump)\b/i],
  ['sports', /\b(sports?|nba|nfl|mlb|nhl|soccer|football|tennis|f1|ufc|esports|premier league|champions league)\b/i],
  ['economics', /\b(economy|economics|finance|fed|inflation|cpi|rates?|recession|gdp|stocks?|oil|gold|forex)\b/i],
  ['entertainment', /\b(entertainment|culture|pop culture|movies?|music|tv|awards?|oscars?|celebrit(y|ies))\b/i],
  ['science', /\b(science|tech|technology|ai|space|climate|weather)\b/i],
];

export function limitlessCategory(input: { labels: readonly string[]; assetType: string | null; title: string }): Category {
  if (input.assetType !== null && input.assetType.toUpperCase() === 'CRYPTO') return 'crypto';
  const labels = input.labels.join(' | ');
  for (const [category, re] of RULES) if (re.test(labels)) return category;
  for (const [category, re] of RULES) if (re.test(input.title)) return category;
  return 'other';
}
