import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv2020) => void;

type Json = Record<string, unknown>;

export interface Checked {
  readonly operation: string;
  readonly status: number;
  readonly errors: string[];
}

const COMPONENTS = '#/components/schemas/';

function toDefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toDefs);
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === '$ref' && typeof v === 'string' && v.startsWith(COMPONENTS) ? `#/$defs/${v.slice(COMPONENTS.length)}` : toDefs(v);
  return out;
}

/**
 * Checks real HTTP responses against an OpenAPI 3.1 document with ajv (JSON Schema 2020-12 plus
 * formats): finds the operation by method and path, the response by status, validates the JSON body
 * and the headers every response must carry. Records which operation/status pairs were seen.
 */
export class OpenApiValidator {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly templates: Array<{ path: string; re: RegExp; params: number }>;
  readonly seen = new Set<string>();

  constructor(private readonly doc: Json) {
    addFormats(this.ajv);
    const paths = Object.keys(doc.paths as Json);
    this.templates = paths
      .map((path) => ({
        path,
        re: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
        params: (path.match(/\{/g) ?? []).length,
      }))
      .sort((a, b) => a.params - b.params);
  }

  /** The document path an actual request path is served under (literal paths win over templated ones). */
  templateOf(actualPath: string): string | undefined {
    return this.templates.find((t) => t.re.test(actualPath))?.path;
  }

  operations(): string[] {
    const out: string[] = [];
    for (const [path, item] of Object.entries(this.doc.paths as Record<string, Json>)) for (const method of Object.keys(item)) out.push(`${method.toUpperCase()} ${path}`);
    return out;
  }

  private validatorFor(key: string, schema: Json): ValidateFunction {
    let v = this.compiled.get(key);
    if (!v) {
      v = this.ajv.compile({ ...(toDefs(schema) as Json), $defs: toDefs((this.doc.components as Json).schemas) as Json });
      this.compiled.set(key, v);
    }
    return v;
  }

  check(method: string, url: string, status: number, headers: Headers, body: unknown): Checked {
    const path = new URL(url, 'http://x').pathname;
    const template = this.templateOf(path);
    const operation = `${method.toUpperCase()} ${template ?? path}`;
    const errors: string[] = [];
    const op = template ? ((this.doc.paths as Record<string, Json>)[template]?.[method.toLowerCase()] as Json | undefined) : undefined;
    if (!op) return { operation, status, errors: [`${method} ${path} is not in the document`] };
    const responses = op.responses as Record<string, Json>;
    const response = responses[String(status)] ?? responses.default;
    if (!response) return { operation, status, errors: [`status ${status} is not documented for ${operation} (documented: ${Object.keys(responses).join(', ')})`] };
    this.seen.add(`${operation} ${status}`);
    for (const h of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
      const value = headers.get(h);
      if (value === null || !/^\d+$/.test(value)) errors.push(`header ${h} missing or not an integer (${value})`);
    }
    const content = response.content as Record<string, Json> | undefined;
    const type = (headers.get('content-type') ?? '').split(';')[0]!.trim();
    if (!content) {
      if (body !== null && body !== '' && body !== undefined) errors.push('a body was sent where the document has none');
      return { operation, status, errors };
    }
    const media = content[type];
    if (!media) return { operation, status, errors: [...errors, `content type ${type} not documented (documented: ${Object.keys(content).join(', ')})`] };
    if (type === 'application/json') {
      const validate = this.validatorFor(`${operation} ${status}`, media.schema as Json);
      if (!validate(body)) errors.push(...(validate.errors ?? []).slice(0, 8).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`));
    }
    return { operation, status, errors };
  }

  /**
   * Checks the `data:` of one Server-Sent Event against the schema the document gives that event name
   * (`x-sse-events` of the operation's `text/event-stream` response); an event name it does not list is an error.
   */
  checkEvent(method: string, url: string, status: number, event: string, data: unknown): Checked {
    const template = this.templateOf(new URL(url, 'http://x').pathname);
    const operation = `${method.toUpperCase()} ${template ?? url}`;
    const op = template ? ((this.doc.paths as Record<string, Json>)[template]?.[method.toLowerCase()] as Json | undefined) : undefined;
    const media = ((op?.responses as Record<string, Json> | undefined)?.[String(status)]?.content as Record<string, Json> | undefined)?.['text/event-stream'];
    const schema = (media?.['x-sse-events'] as Record<string, Json> | undefined)?.[event];
    if (!schema) return { operation, status, errors: [`event '${event}' is not documented for ${operation} ${status}`] };
    this.seen.add(`${operation} ${status} event:${event}`);
    const validate = this.validatorFor(`${operation} ${status} event:${event}`, schema);
    return { operation, status, errors: validate(data) ? [] : (validate.errors ?? []).slice(0, 8).map((e) => `event ${event}: ${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`) };
  }
}
