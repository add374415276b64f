/**
 * Tokens prediction-market titles use as names where general-corpus vectors mean something else
 * ("eth" is a letter, "sol" the sun, "fed" a past tense). Each alias takes the mean vector of its
 * expansion and the weight of its rarest word. Kept short and unambiguous in this domain.
 */
export const DOMAIN_ALIASES: Readonly<Record<string, readonly string[]>> = {
  btc: ['bitcoin'],
  eth: ['ethereum'],
  sol: ['solana'],
  doge: ['dogecoin'],
  xrp: ['ripple'],
  bnb: ['binance'],
  fed: ['federal', 'reserve'],
  fomc: ['federal', 'reserve'],
  gop: ['republican'],
  potus: ['president'],
  scotus: ['supreme', 'court'],
  nyc: ['new', 'york'],
};

export interface AliasSource {
  readonly rank: number;
  readonly vector: Float32Array;
}

/** The alias entries that can be formed from the words present; missing expansions are skipped. */
export function resolveAliases(lookup: (word: string) => AliasSource | undefined): Array<{ token: string } & AliasSource> {
  const out: Array<{ token: string } & AliasSource> = [];
  for (const [token, expansion] of Object.entries(DOMAIN_ALIASES)) {
    const parts = expansion.map(lookup);
    if (parts.some((p) => p === undefined)) continue;
    const present = parts as AliasSource[];
    const dim = present[0]!.vector.length;
    const vector = new Float32Array(dim);
    for (const p of present) for (let d = 0; d < dim; d++) vector[d]! += p.vector[d]! / present.length;
    out.push({ token, rank: Math.max(...present.map((p) => p.rank)), vector });
  }
  return out;
}
