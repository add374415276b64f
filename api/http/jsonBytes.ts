import type { Context } from 'koa';
import { setHeader } from './setHeader.ts';

/**
 * Answers with JSON already serialised: the same bytes and headers Koa gives an object body
 * (Content-Type `application/json; charset=utf-8`, Content-Length), without stringifying it again.
 */
export function sendJsonBytes(ctx: Context, body: Buffer): void {
  // The header Koa's `ctx.type = 'json'` sets, without its MIME lookups.
  setHeader(ctx, 'Content-Type', 'application/json; charset=utf-8');
  ctx.body = body;
}
