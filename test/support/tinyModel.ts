import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FIRST_WORD_ID, type ModelManifest, writeWordLookupFolder } from '../../adapters/embedder/wordVectors/modelFolder.ts';
import { ModelProto, OnnxAttributeType, OnnxDataType } from '../../adapters/embedder/wordVectors/onnxSchema.ts';

/**
 * Hand-made 6-d word vectors along topic axes [crypto, politics, weather, sports, time, comparison],
 * so expected similarities are known by construction.
 */
export const TINY_VECTORS: Readonly<Record<string, readonly number[]>> = {
  bitcoin: [1, 0, 0, 0, 0, 0],
  btc: [0.95, 0, 0, 0, 0, 0.05],
  ethereum: [0.9, 0, 0, 0, 0, 0],
  crypto: [0.8, 0.1, 0, 0, 0, 0],
  price: [0.5, 0, 0, 0, 0, 0.3],
  election: [0, 1, 0, 0, 0, 0],
  president: [0, 0.9, 0, 0, 0, 0],
  trump: [0, 0.95, 0, 0, 0, 0.05],
  senate: [0, 0.85, 0, 0, 0, 0],
  win: [0, 0.3, 0, 0.4, 0, 0.1],
  rain: [0, 0, 1, 0, 0, 0],
  snow: [0, 0, 0.9, 0, 0, 0],
  weather: [0, 0, 0.8, 0, 0, 0],
  nba: [0, 0, 0, 1, 0, 0],
  finals: [0, 0, 0, 0.8, 0.1, 0],
  celtics: [0, 0, 0, 0.95, 0, 0],
  '2025': [0, 0, 0, 0, 1, 0],
  end: [0, 0, 0, 0, 0.6, 0],
  above: [0, 0, 0, 0, 0, 1],
  reach: [0, 0, 0, 0, 0.1, 0.9],
  '100k': [0.3, 0, 0, 0, 0, 0.7],
  // Frequent function words get tiny vectors, as frequency weighting would give them.
  will: [0.01, 0.01, 0.01, 0.01, 0.01, 0.01],
  the: [0.01, 0.01, 0.01, 0.01, 0.01, 0.01],
  in: [0.01, 0.01, 0.01, 0.01, 0.01, 0.01],
  by: [0.01, 0.01, 0.01, 0.01, 0.01, 0.01],
  of: [0.01, 0.01, 0.01, 0.01, 0.01, 0.01],
  '?': [0, 0, 0, 0, 0, 0],
};

export const TINY_DIMENSION = 6;

/** Writes the tiny model folder with the production folder writer; loads through transformers.js like any model. */
export async function writeTinyModel(dir: string): Promise<ModelManifest> {
  const words = Object.keys(TINY_VECTORS);
  const table = new Float32Array((FIRST_WORD_ID + words.length) * TINY_DIMENSION);
  words.forEach((word, i) => table.set(TINY_VECTORS[word]!, (FIRST_WORD_ID + i) * TINY_DIMENSION));
  return writeWordLookupFolder({ dir, words, table, dimension: TINY_DIMENSION, provenance: { source: 'test/support/tinyModel.ts' } });
}

/** The [PAD] row of the unmasked tiny model: an axis no word uses, so padding that leaks into a mean is visible. */
export const UNMASKED_PAD_VECTOR: readonly number[] = [0, 0, 0, 0, 0, 1];

/**
 * The tiny model with two changes that make padding matter: the [PAD] token's row is not zero, and the
 * encoder is a bare lookup that does not zero padded positions. Only pooling that honours the attention
 * mask then keeps the padding of a batch out of a text's vector.
 */
export async function writeUnmaskedTinyModel(dir: string): Promise<void> {
  const words = Object.keys(TINY_VECTORS);
  const vocabSize = FIRST_WORD_ID + words.length;
  const table = new Float32Array(vocabSize * TINY_DIMENSION);
  table.set(UNMASKED_PAD_VECTOR, 0);
  words.forEach((word, i) => table.set(TINY_VECTORS[word]!, (FIRST_WORD_ID + i) * TINY_DIMENSION));
  await writeWordLookupFolder({ dir, words, table, dimension: TINY_DIMENSION, provenance: { source: 'test/support/tinyModel.ts (unmasked)' } });
  const dynamic = (...names: string[]) => names.map((dimParam) => ({ dimParam }));
  const model = {
    irVersion: 8,
    producerName: 'concord-test',
    opsetImport: [{ domain: '', version: 13 }],
    graph: {
      name: 'unmasked_lookup',
      node: [{ opType: 'Gather', name: 'lookup', input: ['word_embeddings', 'input_ids'], output: ['last_hidden_state'], attribute: [{ name: 'axis', type: OnnxAttributeType.INT, i: 0 }] }],
      initializer: [{ name: 'word_embeddings', dataType: OnnxDataType.FLOAT, dims: [vocabSize, TINY_DIMENSION], rawData: new Uint8Array(table.buffer, table.byteOffset, table.byteLength) }],
      input: [{ name: 'input_ids', type: { tensorType: { elemType: OnnxDataType.INT64, shape: { dim: dynamic('batch_size', 'sequence_length') } } } }],
      output: [{ name: 'last_hidden_state', type: { tensorType: { elemType: OnnxDataType.FLOAT, shape: { dim: [...dynamic('batch_size', 'sequence_length'), { dimValue: TINY_DIMENSION }] } } } }],
    },
  };
  const problem = ModelProto.verify(model);
  if (problem) throw new Error(`invalid ONNX model object: ${problem}`);
  await writeFile(join(dir, 'onnx', 'model.onnx'), ModelProto.encode(model).finish());
}
