import type { Middleware } from 'koa';
import type { AppDeps } from '../deps.ts';

/** Who is calling; decides the rate tier. Replaced by the full implementation in the auth work. */
export type Caller = { readonly kind: 'anonymous' };

export function authenticate(_deps: AppDeps): Middleware {
  return async (ctx, next) => {
    ctx.state.caller = { kind: 'anonymous' } satisfies Caller;
    await next();
  };
}
