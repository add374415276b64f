import test from 'ava';
import { encodeLookupModel } from '../../adapters/embedder/wordVectors/lookupOnnx.ts';
import { ModelProto } from '../../adapters/embedder/wordVectors/onnxSchema.ts';
import { reachableToken, sifWeight } from '../../adapters/embedder/wordVectors/vocabulary.ts';

interface Decoded {
  irVersion: number;
  opsetImport: Array<{ version: number }>;
  graph: {
    node: Array<{ opType: string; input: string[]; output: string[] }>;
    initializer: Array<{ name: string; dims: number[]; dataType: number; rawData?: Uint8Array }>;
    input: Array<{ name: string }>;
    output: Array<{ name: string; type: { tensorType: { shape: { dim: Array<{ dimValue?: number; dimParam?: string }> } } } }>;
  };
}

test('the encoded model decodes to a Gather over the table, masked, named like a BERT encoder', (t) => {
  const table = new Float32Array([0, 0, 1, 2, 3, 4, 5, 6]);
  const bytes = encodeLookupModel({ table, vocabSize: 4, dimension: 2 });
  const model = ModelProto.toObject(ModelProto.decode(bytes), { longs: Number }) as unknown as Decoded;
  t.is(model.irVersion, 8);
  t.is(model.opsetImport[0]!.version, 13);
  t.deepEqual(model.graph.node.map((n) => n.opType), ['Gather', 'Cast', 'Unsqueeze', 'Mul']);
  t.deepEqual(model.graph.input.map((i) => i.name), ['input_ids', 'attention_mask']);
  t.is(model.graph.output[0]!.name, 'last_hidden_state');
  t.deepEqual(model.graph.output[0]!.type.tensorType.shape.dim.map((d) => d.dimParam ?? d.dimValue), ['batch_size', 'sequence_length', 2]);
  const weights = model.graph.initializer.find((i) => i.name === 'word_embeddings')!;
  t.deepEqual(weights.dims, [4, 2]);
  const raw = weights.rawData!;
  t.deepEqual(Array.from(new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength))), Array.from(table));
});

test('a table whose size disagrees with the declared shape is refused', (t) => {
  t.throws(() => encodeLookupModel({ table: new Float32Array(5), vocabSize: 3, dimension: 2 }), { message: /expected 3 x 2/ });
});

test('only tokens the BERT pre-tokenizer can produce are kept, accent-folded', (t) => {
  t.is(reachableToken('Bitcoin'), 'bitcoin');
  t.is(reachableToken('naïve'), 'naive');
  t.is(reachableToken('?'), '?');
  t.is(reachableToken('100k'), '100k');
  t.is(reachableToken('u.s.'), null);
  t.is(reachableToken('e-mail'), null);
  t.is(reachableToken('two words'), null);
  t.is(reachableToken(''), null);
});

test('SIF weights fall with frequency and stay within (0, 1)', (t) => {
  const frequent = sifWeight(0, 300_000, 3e-4);
  const rare = sifWeight(100_000, 300_000, 3e-4);
  t.true(frequent > 0 && frequent < rare && rare < 1);
});
