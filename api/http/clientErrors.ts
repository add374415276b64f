import { IncomingMessage, maxHeaderSize, ServerResponse, STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type Koa from 'koa';
import type { Middleware } from 'koa';
import type { AppDeps } from '../deps.ts';
import { AppError, ERROR_HTTP_STATUS, type ErrorCode } from '../../shared/errors.ts';
import { rateLimit } from '../middleware/rateLimit.ts';
import { appRouteLayers, methodsAllowedOn } from './routeTable.ts';

interface ParserError extends Error {
  code?: string;
  rawPacket?: Buffer;
}

interface Refusal {
  readonly code: ErrorCode;
  readonly message: string;
  readonly headers?: Record<string, string>;
}

/** The method and path of the request line, when node got that far before refusing the request. */
function requestLine(err: ParserError): { method: string; path: string } | null {
  const head = err.rawPacket?.subarray(0, 2048).toString('latin1') ?? '';
  const match = /^([!#$%&'*+.^_`|~0-9A-Za-z-]{1,32}) (\/[^\s?#]*)\S* HTTP\/1\.[01]\r?\n/.exec(head);
  return match ? { method: match[1] as string, path: match[2] as string } : null;
}

function refusalFor(err: ParserError, app: Koa): Refusal {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        code: 'HEADERS_TOO_LARGE',
        message: `The request line and headers together exceed ${maxHeaderSize} bytes; send a shorter query string or smaller headers (long lists belong in a POST body).`,
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'HPE_HEADER_TIMEOUT':
      return { code: 'REQUEST_TIMEOUT', message: 'The request did not arrive in time; send it again.' };
    case 'HPE_INVALID_METHOD': {
      // Node refuses methods it does not know before routing; answer as the router would for a known one.
      const line = requestLine(err);
      const allowed = line ? methodsAllowedOn(appRouteLayers(app), line.path) : [];
      if (!line) return { code: 'INVALID_REQUEST', message: 'Malformed request line; send METHOD /path HTTP/1.1.' };
      if (allowed.length === 0) return { code: 'NOT_FOUND', message: `No route for ${line.method} ${line.path.slice(0, 200)}.` };
      const allow = allowed.join(', ');
      return { code: 'METHOD_NOT_ALLOWED', message: `Method ${line.method} is not allowed on ${line.path.slice(0, 200)}; use ${allow}.`, headers: { Allow: allow } };
    }
    default:
      return { code: 'INVALID_REQUEST', message: `Malformed HTTP request (${(err.code ?? 'parse error').slice(0, 40)}); check the request line, headers and body framing.` };
  }
}

/**
 * Counts the refused request against the client address (product-read tier, as an anonymous caller
 * would be), through the same rate-limit middleware the app uses, and returns its X-RateLimit-*
 * headers; a client already over its limit gets the 429 instead.
 */
async function rateLimitFor(socket: Duplex, app: Koa, limit: Middleware): Promise<{ headers: Record<string, string>; refusal?: Refusal }> {
  const req = new IncomingMessage(socket as Socket);
  req.method = 'GET';
  req.url = '/';
  const res = new ServerResponse(req);
  const ctx = app.createContext(req, res);
  ctx.state.caller = { kind: 'anonymous' };
  let refusal: Refusal | undefined;
  try {
    await limit(ctx, async () => undefined);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    refusal = { code: err.code, message: err.message, headers: { ...err.headers } };
  }
  const headers: Record<string, string> = {};
  for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) {
    const value = res.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  // The limiter answers its own 429 in the envelope (answerError) instead of throwing.
  const answered = ctx.status === 429 ? (ctx.body as { status?: ErrorCode; message?: string } | undefined) : undefined;
  if (!refusal && answered?.status && typeof answered.message === 'string') {
    const retryAfter = res.getHeader('Retry-After');
    refusal = { code: answered.status, message: answered.message, headers: { ...headers, ...(retryAfter !== undefined ? { 'Retry-After': String(retryAfter) } : {}) } };
  }
  return refusal ? { headers, refusal } : { headers };
}

function writeEnvelope(socket: Duplex, refusal: Refusal, headers: Record<string, string>): void {
  const status = ERROR_HTTP_STATUS[refusal.code];
  const body = JSON.stringify({ status: refusal.code, message: refusal.message });
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    ...Object.entries({ ...headers, ...refusal.headers }).map(([k, v]) => `${k}: ${v}`),
  ];
  socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
}

/**
 * Node refuses some requests before Koa sees them (headers over maxHeaderSize → 431, a method it does
 * not know, broken framing, a request that takes too long) and by default answers them with a bare
 * status line. This answers them with the `{status, message}` envelope and X-RateLimit-* headers, and
 * logs the refusal without the raw request (it may carry credentials).
 */
export function answerClientErrors(server: Server, app: Koa, deps: AppDeps): void {
  const log = deps.log.child({ component: 'http' });
  const limit = rateLimit(deps);
  server.on('clientError', (err: ParserError, socket: Duplex) => {
    // As node's own handler: never write over a response already under way on this connection.
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const refusal = refusalFor(err, app);
    rateLimitFor(socket, app, limit)
      .then(({ headers, refusal: limited }) => {
        log.info({ code: err.code, answered: (limited ?? refusal).code }, 'client error answered before routing');
        if (socket.writable) writeEnvelope(socket, limited ?? refusal, headers);
        else socket.destroy();
      })
      .catch((failure: unknown) => {
        log.warn({ err: failure, code: err.code }, 'could not answer a client error');
        socket.destroy();
      });
  });
}
