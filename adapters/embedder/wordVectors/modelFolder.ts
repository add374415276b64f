import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { encodeLookupModel } from './lookupOnnx.ts';

/** Special tokens occupy the first ids, in this order; their table rows must be zero. */
export const SPECIAL_TOKENS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]'] as const;
export const FIRST_WORD_ID = SPECIAL_TOKENS.length;

/** Written last: its presence means the folder is complete. */
export const MANIFEST_FILE = 'concord-model.json';

export interface WordLookupFolderSpec {
  readonly dir: string;
  /** Vocabulary words in id order (ids start at FIRST_WORD_ID); lowercased, accent-free, no punctuation inside. */
  readonly words: readonly string[];
  /** Row-major [(FIRST_WORD_ID + words.length), dimension]; special-token rows zero. */
  readonly table: Float32Array;
  readonly dimension: number;
  /** Free-form provenance recorded in the manifest (source package, weighting, counts). */
  readonly provenance: Readonly<Record<string, unknown>>;
  readonly modelMaxLength?: number;
}

export interface ModelManifest {
  readonly kind: 'word-lookup';
  readonly dimension: number;
  readonly vocabSize: number;
  readonly builtAt: string;
  readonly provenance: Readonly<Record<string, unknown>>;
}

function tokenizerJson(words: readonly string[]) {
  const vocab: Record<string, number> = {};
  SPECIAL_TOKENS.forEach((token, id) => (vocab[token] = id));
  words.forEach((word, i) => (vocab[word] = FIRST_WORD_ID + i));
  const special = (id: number) => ({
    id, content: SPECIAL_TOKENS[id], single_word: false, lstrip: false, rstrip: false, normalized: false, special: true,
  });
  const cls = FIRST_WORD_ID - 2;
  const sep = FIRST_WORD_ID - 1;
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL_TOKENS.map((_, id) => special(id)),
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: true, lowercase: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [{ SpecialToken: { id: '[CLS]', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: '[SEP]', type_id: 0 } }],
      pair: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: '[SEP]', type_id: 0 } },
        { Sequence: { id: 'B', type_id: 1 } }, { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [cls], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [sep], tokens: ['[SEP]'] },
      },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: { type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##', max_input_chars_per_word: 100, vocab },
  };
}

export async function isModelFolderComplete(dir: string): Promise<boolean> {
  try {
    return (await stat(join(dir, MANIFEST_FILE))).isFile();
  } catch {
    return false;
  }
}

/**
 * Writes an ordinary transformers.js model folder (config.json, tokenizer.json, tokenizer_config.json,
 * onnx/model.onnx). Written into a sibling temp folder and renamed into place, so a crash never
 * leaves a folder that looks complete.
 */
export async function writeWordLookupFolder(spec: WordLookupFolderSpec): Promise<ModelManifest> {
  const vocabSize = FIRST_WORD_ID + spec.words.length;
  if (spec.table.length !== vocabSize * spec.dimension) {
    throw new Error(`table has ${spec.table.length} floats; ${vocabSize} tokens x ${spec.dimension} needs ${vocabSize * spec.dimension}`);
  }
  const manifest: ModelManifest = {
    kind: 'word-lookup', dimension: spec.dimension, vocabSize, builtAt: new Date().toISOString(), provenance: spec.provenance,
  };
  const config = {
    model_type: 'bert',
    architectures: ['BertModel'],
    hidden_size: spec.dimension,
    vocab_size: vocabSize,
    max_position_embeddings: spec.modelMaxLength ?? 256,
    pad_token_id: 0,
  };
  const tokenizerConfig = {
    tokenizer_class: 'BertTokenizer',
    do_lower_case: true,
    model_max_length: spec.modelMaxLength ?? 256,
    pad_token: '[PAD]', unk_token: '[UNK]', cls_token: '[CLS]', sep_token: '[SEP]',
    clean_up_tokenization_spaces: true,
  };

  const tmp = `${spec.dir}.partial-${process.pid}-${Date.now()}`;
  await mkdir(join(tmp, 'onnx'), { recursive: true });
  try {
    await writeFile(join(tmp, 'config.json'), JSON.stringify(config, null, 2));
    await writeFile(join(tmp, 'tokenizer_config.json'), JSON.stringify(tokenizerConfig, null, 2));
    await writeFile(join(tmp, 'tokenizer.json'), JSON.stringify(tokenizerJson(spec.words)));
    await writeFile(
      join(tmp, 'onnx', 'model.onnx'),
      encodeLookupModel({ table: spec.table, vocabSize, dimension: spec.dimension, docString: 'word-vector lookup (concord)' }),
    );
    await writeFile(join(tmp, MANIFEST_FILE), JSON.stringify(manifest, null, 2));
    await mkdir(dirname(spec.dir), { recursive: true });
    await rm(spec.dir, { recursive: true, force: true });
    await rename(tmp, spec.dir);
  } catch (err) {
    await rm(tmp, { recursive: true, force: true });
    throw err;
  }
  return manifest;
}
