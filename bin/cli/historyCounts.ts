/** What each price-history backfill outcome means to the operator reading the summary, in the order shown. */
const OUTCOME_WORDS: ReadonlyArray<readonly [string, string]> = [
  ['done', 'published'],
  ['already', 'already published'],
  ['empty', 'no history at the venue'],
  ['unavailable', 'unusable or refused by the venue'],
  ['failed', 'failed for now (asked again later)'],
  ['not_applicable', 'venue keeps no history'],
];

/** `price history: 2 published, 181 unusable or refused by the venue` (outcomes of 0 left out). */
export function describeHistoryCounts(history: Readonly<Record<string, number>> | { readonly skipped: string }): string {
  if ('skipped' in history && typeof history.skipped === 'string') return `price history: ${history.skipped}`;
  const counts = history as Readonly<Record<string, number>>;
  const known = new Set(OUTCOME_WORDS.map(([k]) => k));
  const parts = [
    ...OUTCOME_WORDS.filter(([k]) => (counts[k] ?? 0) > 0).map(([k, words]) => `${counts[k]} ${words}`),
    ...Object.entries(counts).filter(([k, n]) => !known.has(k) && n > 0).map(([k, n]) => `${n} ${k.replace(/_/g, ' ')}`),
  ];
  const markets = Object.values(counts).reduce((a, n) => a + n, 0);
  return `price history of ${markets} market${markets === 1 ? '' : 's'}: ${parts.length > 0 ? parts.join(', ') : 'nothing to do'}`;
}
