import type { Context, Middleware, Next } from 'koa';
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import getRawBody from 'raw-body';
import { AppError } from '../../shared/errors.ts';
import { parseJsonText } from '../http/jsonText.ts';

declare module 'koa' {
  interface Request {
    /** The parsed JSON body (an object), `{}` for a POST/PUT/PATCH/DELETE without one; set by jsonBody(). */
    body?: unknown;
  }
}

/** Largest body accepted, after decompression. */
export const JSON_BODY_LIMIT_BYTES = 100 * 1024;

const DECODERS = {
  identity: undefined,
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
} as const;
type Encoding = keyof typeof DECODERS;
const ENCODINGS = Object.keys(DECODERS).join(', ');

const METHODS_WITH_EMPTY_OBJECT = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function hasBody(ctx: Context): boolean {
  if (ctx.get('transfer-encoding') !== '') return true;
  const length = ctx.get('content-length');
  return length !== '' && length !== '0';
}

function encodingOf(ctx: Context): Encoding {
  const header = ctx.get('content-encoding').trim().toLowerCase();
  if (header === '') return 'identity';
  const codings = header.split(',').map((c) => c.trim()).filter((c) => c !== 'identity');
  if (codings.length === 0) return 'identity';
  if (codings.length > 1) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Content-Encoding '${header.slice(0, 60)}' stacks ${codings.length} encodings; send the body with one of: ${ENCODINGS}.`);
  }
  const coding = codings[0] as string;
  if (!(coding in DECODERS)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Content-Encoding '${coding.slice(0, 40)}' is not supported; send the body with one of: ${ENCODINGS}.`);
  }
  return coding as Encoding;
}

function checkContentType(ctx: Context): void {
  if (!ctx.is('application/json', '+json')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the body as JSON with Content-Type: application/json (got ${ctx.get('content-type').slice(0, 80) || 'no Content-Type'}).`);
  }
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(ctx.get('content-type'))?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `JSON bodies must be UTF-8 (got charset=${charset.slice(0, 40)}).`);
  }
}

function readError(err: unknown, encoding: Encoding): AppError {
  const e = err as { type?: string; code?: string; status?: number };
  if (e.type === 'entity.too.large') return new AppError('PAYLOAD_TOO_LARGE', `Request body is too large (limit ${JSON_BODY_LIMIT_BYTES / 1024} kB after decompression).`);
  if (e.type === 'request.size.invalid') return new AppError('INVALID_REQUEST', 'Request body length does not match its Content-Length header.');
  if (e.type === 'request.aborted' || e.code === 'ERR_STREAM_PREMATURE_CLOSE' || e.code === 'ECONNRESET') {
    return new AppError('INVALID_REQUEST', 'The request body ended before it was complete.');
  }
  if (encoding !== 'identity' && typeof e.code === 'string' && (e.code.startsWith('Z_') || e.code.startsWith('ERR_BROTLI') || e.code.startsWith('ERR__ERROR'))) {
    return new AppError('INVALID_REQUEST', `Request body is not valid ${encoding} data, as its Content-Encoding header says it is.`);
  }
  return new AppError('INVALID_REQUEST', 'The request body could not be read.', { cause: err });
}

async function readText(ctx: Context, encoding: Encoding): Promise<string> {
  const decoder = DECODERS[encoding];
  let source: Readable = ctx.req;
  if (decoder) {
    const stream = decoder();
    // pipeline destroys the decoder when the client goes away, so the read below never hangs.
    pipeline(ctx.req, stream, () => undefined);
    source = stream;
  }
  const header = ctx.get('content-length');
  const declared = header === '' ? NaN : Number(header);
  let raw: Buffer;
  try {
    raw = await getRawBody(source, {
      limit: JSON_BODY_LIMIT_BYTES,
      ...(encoding === 'identity' && Number.isSafeInteger(declared) ? { length: declared } : {}),
    });
  } catch (err) {
    throw readError(err, encoding);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    throw new AppError('INVALID_REQUEST', 'Request body is not valid UTF-8.');
  }
}

/**
 * The one place request bodies are read, for every route: Content-Type must be JSON (415), the
 * Content-Encoding one we can decode (415) and decode cleanly (400), the decoded size at most
 * 100 kB (413), the text valid UTF-8 and JSON nested at most MAX_JSON_DEPTH deep with no prototype
 * keys (400), and the value a JSON object (400). Routes then read `ctx.request.body` and validate
 * it with a zod schema through parseInput(). The body itself is never logged.
 */
export function jsonBody(): Middleware {
  // Not an async function: a request without a body (nearly every GET) passes on without a promise of its own.
  return (ctx, next) => {
    if (!hasBody(ctx)) {
      if (METHODS_WITH_EMPTY_OBJECT.has(ctx.method)) ctx.request.body = {};
      return next();
    }
    return readBody(ctx, next);
  };
}

async function readBody(ctx: Context, next: Next): Promise<unknown> {
  checkContentType(ctx);
  const encoding = encodingOf(ctx);
  const text = await readText(ctx, encoding);
  if (text.trim() === '') {
    ctx.request.body = {};
    return next();
  }
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    const what = parsed.reason === 'syntax' ? 'is not valid JSON' : 'is refused';
    throw new AppError('INVALID_REQUEST', `Request body ${what}: ${parsed.detail}.`);
  }
  if (parsed.value === null || typeof parsed.value !== 'object' || Array.isArray(parsed.value)) {
    const got = parsed.value === null ? 'null' : Array.isArray(parsed.value) ? 'an array' : `a ${typeof parsed.value}`;
    throw new AppError('INVALID_REQUEST', `Request body must be a JSON object, got ${got}.`);
  }
  ctx.request.body = parsed.value;
  return next();
}
