/**
 * A digest of the verifier's verdicts, for changes that must not move any (caching, memos, reordering):
 * every labelled pair under test/fixtures/matching both ways, and 300 x 300 catalogue markets, each pass
 * twice (the second with every cache warm). Run it on the old and the new code; the digests must be equal.
 * `--cloned` passes every proposition through a structured clone before it is compared, as one extracted on a
 * worker thread arrives on the linker's (finding 57): the digest must equal the one without it.
 *
 * `--first-refusal` also asks `compareForLink` (a refusal's first reason only, as the linker compares) of every pair
 * and counts where it answers otherwise than `compareProps`: a different `same`, `relation` or `confidence`, other
 * reasons for a link, or refusal reasons that are not the first of the full list. It must count none.
 *
 *   node --import tsx bench/support/verdictDigest.ts [--cloned] [--first-refusal]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { compareForLink, compareProps, extractProposition, type MarketRef, type Proposition } from '../../pipeline/matching/verifier/index.ts';
import { toMarketRef } from '../../pipeline/matching/linker/marketRef.ts';
import { catalogueMarkets } from './marketEvents.ts';

const cloned = process.argv.includes('--cloned');
const firstRefusal = process.argv.includes('--first-refusal');
let linkMismatches = 0;
/** compareProps, and with --first-refusal a check that compareForLink agrees with it on the pair. */
const compare = (a: Proposition, b: Proposition) => {
  const full = compareProps(a, b);
  if (firstRefusal) {
    const link = compareForLink(a, b);
    const prefix = link.reasons.length > 0 && link.reasons.every((r, i) => full.reasons[i] === r);
    const agree = link.same === full.same && link.relation === full.relation && link.confidence === full.confidence && (full.same ? JSON.stringify(link.reasons) === JSON.stringify(full.reasons) : prefix);
    if (!agree) linkMismatches++;
  }
  return full;
};
const extract = (ref: MarketRef) => (cloned ? structuredClone(extractProposition(ref)) : extractProposition(ref));

const files: string[] = [];
const walk = (dir: string): void => {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) walk(p);
    else if (p.endsWith('.jsonl')) files.push(p);
  }
};
walk('test/fixtures/matching');
const pairs: Array<readonly [MarketRef, MarketRef]> = [];
for (const f of files.sort()) {
  for (const line of readFileSync(f, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const j = JSON.parse(line) as { a: MarketRef; b: MarketRef };
    pairs.push([j.a, j.b]);
  }
}
const catalogue = (await catalogueMarkets(600, '2026-11-01T00:00:00.000Z')).map((m) => toMarketRef(m) as unknown as MarketRef);
const hash = createHash('sha256');
let verdicts = 0;
for (let pass = 0; pass < 2; pass++) {
  for (const [a, b] of pairs) {
    const pa = extract(a);
    const pb = extract(b);
    hash.update(JSON.stringify(compare(pa, pb)));
    hash.update(JSON.stringify(compare(pb, pa)));
    verdicts += 2;
  }
  const props = catalogue.map((r) => extract(r));
  for (let i = 0; i < 300; i++) {
    for (let j = 300; j < 600; j++) {
      hash.update(JSON.stringify(compare(props[i]!, props[j]!)));
      verdicts++;
    }
  }
}
if (firstRefusal) console.log(`compareForLink against compareProps: ${linkMismatches} pairs answered otherwise`);
console.log(`${cloned ? 'cloned propositions, ' : ''}labelled pairs ${pairs.length}, verdicts ${verdicts}, digest ${hash.digest('hex')}`);
process.exit(0);
