import { z, type ZodType } from 'zod';

export type JsonSchema = Record<string, unknown>;

const DEFS_REF = '#/$defs/';
const COMPONENT_REF = '#/components/schemas/';

/** Meta keys zod's converter leaves out of transformed (pipe) schemas; copied back from the registry. */
const KEPT_META = ['default', 'examples', 'example'] as const;

function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    out[k] = k === '$ref' && typeof v === 'string' && v.startsWith(DEFS_REF) ? COMPONENT_REF + v.slice(DEFS_REF.length) : rewriteRefs(v);
  }
  return out;
}

/** Removes `additionalProperties: false`: documented responses may gain fields (additive changes). */
function openObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(openObjects);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'additionalProperties' && v === false) continue;
    out[k] = openObjects(v);
  }
  return out;
}

/**
 * Converts zod schemas to JSON Schema 2020-12 (what OpenAPI 3.1 uses) and collects every schema that
 * carries an `id` in its metadata into shared components, referenced as `#/components/schemas/<id>`.
 * `input` describes what a request may send (defaults make fields optional, transforms show their
 * input side); `output` what a response holds. `strict` keeps `additionalProperties: false` on
 * response objects: the tests validate real responses that way so an undocumented field is caught.
 */
export class SchemaCollector {
  readonly components: Record<string, JsonSchema> = {};

  constructor(private readonly strict: boolean) {}

  convert(schema: ZodType, io: 'input' | 'output'): JsonSchema {
    const json = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
      override: (ctx) => {
        const meta = z.globalRegistry.get(ctx.zodSchema as unknown as ZodType) as Record<string, unknown> | undefined;
        if (!meta) return;
        for (const key of KEPT_META) if (key in meta && !(key in ctx.jsonSchema)) (ctx.jsonSchema as Record<string, unknown>)[key] = meta[key];
      },
    }) as JsonSchema;
    delete json.$schema;
    const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
    delete json.$defs;
    const finish = (s: JsonSchema): JsonSchema => {
      const refs = rewriteRefs(s) as JsonSchema;
      return io === 'output' && !this.strict ? (openObjects(refs) as JsonSchema) : refs;
    };
    for (const [id, def] of Object.entries(defs)) this.add(id, finish(def));
    return finish(json);
  }

  private add(id: string, schema: JsonSchema): void {
    const existing = this.components[id];
    if (existing && JSON.stringify(existing) !== JSON.stringify(schema)) {
      throw new Error(`Two different schemas are named '${id}' in the OpenAPI document (meta id must be unique; request and response forms must agree).`);
    }
    this.components[id] = schema;
  }
}
