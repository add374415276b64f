import { createHash } from 'node:crypto';

/**
 * The stable identity of an opportunity: the question and which market is bought, which sold.
 * The same name-based (v5) UUID in Concord's namespace that `uuidFromName` (shared/ids.ts) gives for
 * `arbitrage:<question>:<buy>:<sell>`, so ids users saw before stay the same; computed here with one
 * SHA-1 over the namespace's bytes (parsed once) and the name, without the generic library's parsing and
 * validation of the namespace on every call, which was a tenth of a scoring worker's time on a cold pass.
 */
const NAMESPACE = Buffer.from('6f1d3c2e8a574b8e9a4c0c5b7d1e2f30', 'hex');

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export function opportunityId(questionId: string, buyMarketId: string, sellMarketId: string): string {
  const b = createHash('sha1').update(NAMESPACE).update(`arbitrage:${questionId}:${buyMarketId}:${sellMarketId}`, 'utf8').digest();
  const h = (i: number): string => HEX[b[i]!]!;
  const v = HEX[(b[6]! & 0x0f) | 0x50]!;
  const r = HEX[(b[8]! & 0x3f) | 0x80]!;
  return `${h(0)}${h(1)}${h(2)}${h(3)}-${h(4)}${h(5)}-${v}${h(7)}-${r}${h(9)}-${h(10)}${h(11)}${h(12)}${h(13)}${h(14)}${h(15)}`;
}
