import type { Middleware } from 'koa';
import { AppError } from '../../shared/errors.ts';
import type { AuthProblem } from '../auth/caller.ts';

/**
 * The product API. Outside it are the endpoints without authentication (/health, /ready: spec rule 8) and the
 * documentation and console pages (their contracts say `auth: 'none'`): a credential sent there is not read.
 */
const API_PREFIX = '/api/';

/**
 * An X-API-Key that is presented but invalid or revoked is refused on every API route, public ones included:
 * spec rule 5 ("an invalid or revoked key yields HTTP 401 with status INVALID_API_KEY and message
 * Authentication required"). Without this a public route would serve a revoked key's caller at the
 * anonymous tier and a session route would answer as if no credential had been sent. Runs after the rate
 * limit, so the refusal carries the X-RateLimit-* headers like every response.
 */
export function refuseFailedApiKey(): Middleware {
  return (ctx, next) => {
    const problem = ctx.state.authProblem as AuthProblem | undefined;
    if (problem?.code === 'INVALID_API_KEY' && ctx.path.startsWith(API_PREFIX)) throw new AppError('INVALID_API_KEY', problem.message);
    return next();
  };
}
