/**
 * Tokens prediction-market titles use as names where general-corpus vectors mean something else
 * ("eth" is a letter, "sol" the sun, "fed" a past tense) or that the 2014-era corpus lacks
 * ("ethereum", "dogecoin"). Each alias lists alternative expansions; the first whose words all
 * exist wins, and the alias takes their mean vector and the weight of the rarest. Kept short
 * and unambiguous in this domain.
 */
export const DOMAIN_ALIASES: Readonly<Record<string, ReadonlyArray<readonly string[]>>> = {
  btc: [['bitcoin']],
  ethereum: [['ethereum'], ['ether', 'crypto']],
  eth: [['ethereum'], ['ether', 'crypto']],
  sol: [['solana']],
  dogecoin: [['dogecoin'], ['dog', 'crypto']],
  doge: [['dogecoin'], ['dog', 'crypto']],
  xrp: [['ripple']],
  binance: [['binance'], ['crypto', 'exchange']],
  bnb: [['binance'], ['crypto', 'exchange']],
  fed: [['federal', 'reserve']],
  fomc: [['federal', 'reserve']],
  gop: [['republican']],
  potus: [['president']],
  scotus: [['supreme', 'court']],
  nyc: [['new', 'york']],
};

export interface AliasSource {
  readonly rank: number;
  readonly vector: Float32Array;
}

/** The alias entries that can be formed from the words present; missing expansions are skipped. */
export function resolveAliases(lookup: (word: string) => AliasSource | undefined): Array<{ token: string } & AliasSource> {
  const out: Array<{ token: string } & AliasSource> = [];
  for (const [token, alternatives] of Object.entries(DOMAIN_ALIASES)) {
    const present = alternatives
      .map((words) => words.map(lookup))
      .find((parts): parts is AliasSource[] => parts.every((p) => p !== undefined));
    if (!present) continue;
    const dim = present[0]!.vector.length;
    const vector = new Float32Array(dim);
    for (const p of present) for (let d = 0; d < dim; d++) vector[d]! += p.vector[d]! / present.length;
    out.push({ token, rank: Math.max(...present.map((p) => p.rank)), vector });
  }
  return out;
}
