/**
 * Data-driven synonym test: nearest neighbours of ~30k frequent English words in the wink 100-d
 * skip-gram space, precomputed by scripts/buildVerifierNeighbours.ts into data/wordNeighbours.tsv
 * (word TAB neighbour:cosine×100,...). Loaded once, lazily, on first use; a missing or damaged file
 * leaves the table empty, which only makes the verifier stricter (fails closed), never crash.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const FILE = fileURLToPath(new URL('./data/wordNeighbours.tsv', import.meta.url));

let table: Map<string, Map<string, number>> | null = null;

function load(): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  let text = '';
  try {
    text = readFileSync(FILE, 'utf8');
  } catch {
    return out;
  }
  for (const line of text.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab <= 0) continue;
    const near = new Map<string, number>();
    for (const item of line.slice(tab + 1).split(',')) {
      const colon = item.lastIndexOf(':');
      const score = Number(item.slice(colon + 1));
      if (colon > 0 && Number.isFinite(score)) near.set(item.slice(0, colon), score / 100);
    }
    out.set(line.slice(0, tab), near);
  }
  return out;
}

/** True when the table holds any words (the data file was found and read). */
export function neighboursLoaded(): boolean {
  table ??= load();
  return table.size > 0;
}

/** Cosine of two words when either lists the other among its nearest neighbours, else 0. */
export function neighbourScore(x: string, y: string): number {
  table ??= load();
  return Math.max(table.get(x)?.get(y) ?? 0, table.get(y)?.get(x) ?? 0);
}

/** True for a word of the table's vocabulary (a frequent English word rather than a rare proper name). */
export function isCommonWord(w: string): boolean {
  table ??= load();
  return table.has(w);
}
