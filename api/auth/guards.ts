import type { Middleware } from 'koa';
import { AppError } from '../../shared/errors.ts';
import type { AuthProblem, Caller } from './caller.ts';
import { callerOf } from './caller.ts';
import type { Scope } from './scopes.ts';

export type SessionCaller = Extract<Caller, { kind: 'session' }>;
export type WalletCaller = Extract<Caller, { kind: 'wallet' }>;
export type ApiKeyCaller = Extract<Caller, { kind: 'apiKey' }>;

const SESSION_HINT = 'Authentication required: send Authorization: Bearer <access_token> or the svc_access cookie from POST /api/v1/auth/login.';

function sessionError(problem: AuthProblem | undefined): AppError {
  if (problem?.code === 'UNAUTHORIZED') return new AppError('UNAUTHORIZED', problem.message);
  return new AppError('UNAUTHORIZED', SESSION_HINT);
}

/**
 * Email-account session (Bearer access token or svc_access cookie). With `allowWallet`, the svc_siwe
 * wallet session is accepted too (watchlists, alerts). API keys are never accepted here.
 */
export function requireSession(options: { allowWallet?: boolean } = {}): Middleware {
  return (ctx, next) => {
    const caller = callerOf(ctx.state);
    if (caller.kind === 'session' || (options.allowWallet && caller.kind === 'wallet')) return next();
    if (caller.kind === 'apiKey') throw new AppError('UNAUTHORIZED', `API keys are not accepted on ${ctx.path}; ${SESSION_HINT}`);
    if (caller.kind === 'wallet') throw new AppError('UNAUTHORIZED', `Wallet sessions (svc_siwe) are not accepted on ${ctx.path}: it needs an email account's session. ${SESSION_HINT}`);
    throw sessionError(ctx.state.authProblem as AuthProblem | undefined);
  };
}

/** The session caller of a route behind requireSession() (throws if the guard was forgotten). */
export function sessionCaller(state: Record<string, unknown>): SessionCaller {
  const caller = callerOf(state);
  if (caller.kind !== 'session') throw new AppError('UNAUTHORIZED', SESSION_HINT);
  return caller;
}

/** Session or wallet caller of a route behind requireSession({ allowWallet: true }). */
export function accountCaller(state: Record<string, unknown>): SessionCaller | WalletCaller {
  const caller = callerOf(state);
  if (caller.kind !== 'session' && caller.kind !== 'wallet') throw new AppError('UNAUTHORIZED', SESSION_HINT);
  return caller;
}

/** X-API-Key with an active key; anything else is 401 INVALID_API_KEY "Authentication required". */
export function requireApiKey(): Middleware {
  return (ctx, next) => {
    if (callerOf(ctx.state).kind !== 'apiKey') throw new AppError('INVALID_API_KEY', 'Authentication required');
    return next();
  };
}

/** An active key holding `scope`; a key without it gets 403 FORBIDDEN naming the scope. */
export function requireScope(scope: Scope): Middleware {
  return (ctx, next) => {
    const caller = callerOf(ctx.state);
    if (caller.kind !== 'apiKey') throw new AppError('INVALID_API_KEY', 'Authentication required');
    if (!caller.scopes.includes(scope)) {
      throw new AppError('FORBIDDEN', `This API key lacks the scope '${scope}' required by ${ctx.path}; create a key with '${scope}' in the console.`);
    }
    return next();
  };
}

export function apiKeyCaller(state: Record<string, unknown>): ApiKeyCaller {
  const caller = callerOf(state);
  if (caller.kind !== 'apiKey') throw new AppError('INVALID_API_KEY', 'Authentication required');
  return caller;
}
