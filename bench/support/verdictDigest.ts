/**
 * A digest of the verifier's verdicts, for changes that must not move any (caching, memos, reordering):
 * every labelled pair under test/fixtures/matching both ways, and 300 x 300 catalogue markets, each pass
 * twice (the second with every cache warm). Run it on the old and the new code; the digests must be equal.
 * `--cloned` passes every proposition through a structured clone before it is compared, as one extracted on a
 * worker thread arrives on the linker's (finding 57): the digest must equal the one without it.
 *
 *   node --import tsx bench/support/verdictDigest.ts [--cloned]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { compareProps, extractProposition, type MarketRef } from '../../pipeline/matching/verifier/index.ts';
import { toMarketRef } from '../../pipeline/matching/linker/marketRef.ts';
import { catalogueMarkets } from './marketEvents.ts';

const cloned = process.argv.includes('--cloned');
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
    hash.update(JSON.stringify(compareProps(pa, pb)));
    hash.update(JSON.stringify(compareProps(pb, pa)));
    verdicts += 2;
  }
  const props = catalogue.map((r) => extract(r));
  for (let i = 0; i < 300; i++) {
    for (let j = 300; j < 600; j++) {
      hash.update(JSON.stringify(compareProps(props[i]!, props[j]!)));
      verdicts++;
    }
  }
}
console.log(`${cloned ? 'cloned propositions, ' : ''}labelled pairs ${pairs.length}, verdicts ${verdicts}, digest ${hash.digest('hex')}`);
process.exit(0);
