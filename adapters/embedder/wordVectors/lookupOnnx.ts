import { endianness } from 'node:os';
import { ModelProto, OnnxAttributeType, OnnxDataType } from './onnxSchema.ts';

export interface LookupModelSpec {
  /** Row-major [vocabSize, dimension] table: row i is token id i's (already weighted) vector. */
  readonly table: Float32Array;
  readonly vocabSize: number;
  readonly dimension: number;
  readonly docString?: string;
}

/** ORT 1.14 (bundled with @xenova/transformers 2.x) reads IR 8; opset 13 has every op used here. */
const IR_VERSION = 8;
const OPSET = 13;

const dynamicDims = (...names: string[]) => names.map((dimParam) => ({ dimParam }));

function tensorValueInfo(name: string, elemType: number, dims: Array<{ dimParam: string } | { dimValue: number }>) {
  return { name, type: { tensorType: { elemType, shape: { dim: dims } } } };
}

/**
 * Encodes an ONNX model that behaves like a BERT encoder's outer interface but is a table lookup:
 * last_hidden_state[b, s, :] = table[input_ids[b, s], :] * attention_mask[b, s].
 * Masking here keeps padded positions at zero even for callers that pool without the mask.
 */
export function encodeLookupModel(spec: LookupModelSpec): Uint8Array {
  const { table, vocabSize, dimension } = spec;
  if (!Number.isInteger(vocabSize) || vocabSize < 1 || !Number.isInteger(dimension) || dimension < 1) {
    throw new Error(`lookup model needs positive integer sizes, got vocabSize=${vocabSize} dimension=${dimension}`);
  }
  if (table.length !== vocabSize * dimension) {
    throw new Error(`table holds ${table.length} floats, expected ${vocabSize} x ${dimension} = ${vocabSize * dimension}`);
  }
  // ONNX raw_data is little-endian; a Float32Array's bytes are host order.
  if (endianness() !== 'LE') throw new Error('writing ONNX raw_data needs a little-endian host');

  const graph = {
    name: 'word_lookup',
    node: [
      { opType: 'Gather', name: 'lookup', input: ['word_embeddings', 'input_ids'], output: ['token_vectors'],
        attribute: [{ name: 'axis', type: OnnxAttributeType.INT, i: 0 }] },
      { opType: 'Cast', name: 'mask_to_float', input: ['attention_mask'], output: ['mask_float'],
        attribute: [{ name: 'to', type: OnnxAttributeType.INT, i: OnnxDataType.FLOAT }] },
      { opType: 'Unsqueeze', name: 'mask_expand', input: ['mask_float', 'last_axis'], output: ['mask_3d'] },
      { opType: 'Mul', name: 'apply_mask', input: ['token_vectors', 'mask_3d'], output: ['last_hidden_state'] },
    ],
    initializer: [
      { name: 'word_embeddings', dataType: OnnxDataType.FLOAT, dims: [vocabSize, dimension],
        rawData: new Uint8Array(table.buffer, table.byteOffset, table.byteLength) },
      { name: 'last_axis', dataType: OnnxDataType.INT64, dims: [1], int64Data: [-1] },
    ],
    input: [
      tensorValueInfo('input_ids', OnnxDataType.INT64, dynamicDims('batch_size', 'sequence_length')),
      tensorValueInfo('attention_mask', OnnxDataType.INT64, dynamicDims('batch_size', 'sequence_length')),
    ],
    output: [
      tensorValueInfo('last_hidden_state', OnnxDataType.FLOAT, [
        ...dynamicDims('batch_size', 'sequence_length'),
        { dimValue: dimension },
      ]),
    ],
    docString: spec.docString ?? '',
  };

  const model = {
    irVersion: IR_VERSION,
    producerName: 'concord',
    producerVersion: '1',
    opsetImport: [{ domain: '', version: OPSET }],
    graph,
  };
  const problem = ModelProto.verify(model);
  if (problem) throw new Error(`invalid ONNX model object: ${problem}`);
  return ModelProto.encode(model).finish();
}
