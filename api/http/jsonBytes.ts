import type { Context } from 'koa';

/**
 * Answers with JSON already serialised: the same bytes and headers Koa gives an object body
 * (Content-Type `application/json; charset=utf-8`, Content-Length), without stringifying it again.
 */
export function sendJsonBytes(ctx: Context, body: Buffer): void {
  ctx.type = 'json';
  ctx.body = body;
}
