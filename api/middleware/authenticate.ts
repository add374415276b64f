import type { Context, Middleware } from 'koa';
import type { AppDeps } from '../deps.ts';
import { authContextFor, type AuthContext } from '../auth/authContext.ts';
import type { AuthProblem, Caller } from '../auth/caller.ts';
import { bearerToken, COOKIE } from '../auth/cookies.ts';
import { storedScopes } from '../auth/apiKeys.ts';
import { LastUsedTracker } from '../auth/lastUsed.ts';
import { VerifiedTokens } from '../auth/verifiedTokens.ts';
import type { AccountDoc } from '../auth/accounts.ts';

export type { Caller } from '../auth/caller.ts';

type Resolution = { caller: Caller; problem?: AuthProblem };

const ANONYMOUS: Caller = { kind: 'anonymous' };

async function fromApiKey(auth: AuthContext, presented: string, lastUsed: LastUsedTracker): Promise<Resolution> {
  const key = await auth.apiKeys.findActive(presented.trim());
  if (!key) return { caller: ANONYMOUS, problem: { code: 'INVALID_API_KEY', message: 'Authentication required' } };
  lastUsed.touch(key._id);
  return { caller: { kind: 'apiKey', keyId: key._id, accountId: key.account_id, scopes: storedScopes(key), rateLimit: key.rate_limit } };
}

function sessionOf(account: AccountDoc | null, sessionVersion: number | undefined): Resolution {
  if (!account || account.session_version !== (sessionVersion ?? 0)) {
    return { caller: ANONYMOUS, problem: { code: 'UNAUTHORIZED', message: 'This session has ended (password changed or account removed); sign in again.' } };
  }
  return { caller: { kind: 'session', accountId: account._id, email: account.email, name: account.name } };
}

/** Synchronous when the token verified before and its account was read lately (the common case): no promise per request. */
function fromAccessToken(auth: AuthContext, verifiedTokens: VerifiedTokens, token: string, source: string): Resolution | Promise<Resolution> {
  const verified = verifiedTokens.verify('access', token);
  if (!verified.ok) {
    const message =
      verified.reason === 'expired'
        ? `The access token (${source}) has expired; get a new one from POST /api/v1/auth/refresh.`
        : `The access token (${source}) is not valid; sign in again at POST /api/v1/auth/login.`;
    return { caller: ANONYMOUS, problem: { code: 'UNAUTHORIZED', message } };
  }
  const { sub, sv } = verified.claims;
  const recent = auth.accounts.recentForSession(sub);
  if (recent !== undefined) return sessionOf(recent, sv);
  return auth.accounts.forSession(sub).then((account) => sessionOf(account, sv));
}

async function fromWalletCookie(auth: AuthContext, token: string): Promise<Resolution> {
  const verified = auth.tokens.verify('wallet', token);
  const live = verified.ok && (await auth.walletSessions.isLive(verified.claims.jti, verified.claims.sub, auth.now()));
  const wallet = verified.ok && live ? await auth.wallets.get(verified.claims.sub) : null;
  if (!wallet) return { caller: ANONYMOUS, problem: { code: 'UNAUTHORIZED', message: 'The wallet session has ended, expired or is not valid; sign in with your wallet again.' } };
  return { caller: { kind: 'wallet', accountId: wallet._id, address: wallet.address } };
}

/**
 * Decides who is calling and puts it in ctx.state.caller (which also picks the rate tier); it never
 * refuses a request itself. A credential that is presented but fails leaves the caller anonymous and
 * records why in ctx.state.authProblem, for the route guards (requireSession, requireApiKey,
 * requireScope) to answer with. Precedence: X-API-Key, then Authorization: Bearer, then the
 * svc_access cookie, then the svc_siwe wallet cookie.
 */
export function authenticate(deps: AppDeps): Middleware {
  const auth = authContextFor(deps);
  const lastUsed = new LastUsedTracker(auth);
  const verifiedTokens = new VerifiedTokens(auth.tokens, auth.now);
  const fromCookies = async (ctx: Context, cookie: string): Promise<Resolution> => {
    const session = await fromAccessToken(auth, verifiedTokens, cookie, `${COOKIE.access} cookie`);
    if (session.caller.kind === 'session') return session;
    const walletCookie = ctx.cookies.get(COOKIE.wallet);
    return walletCookie ? fromWalletCookie(auth, walletCookie) : session;
  };
  const resolve = (ctx: Context): Resolution | Promise<Resolution> => {
    const apiKey = ctx.get('x-api-key');
    if (apiKey) return fromApiKey(auth, apiKey, lastUsed);
    const bearer = bearerToken(ctx);
    if (bearer) return fromAccessToken(auth, verifiedTokens, bearer, 'Authorization header');
    const cookie = ctx.cookies.get(COOKIE.access);
    if (cookie) return fromCookies(ctx, cookie);
    const walletCookie = ctx.cookies.get(COOKIE.wallet);
    if (walletCookie) return fromWalletCookie(auth, walletCookie);
    return { caller: ANONYMOUS };
  };
  // auth.ready() keeps its first success (the indexes exist from then on), so it is awaited until then only.
  let ready = false;
  return async (ctx, next) => {
    if (!ready) {
      await auth.ready();
      ready = true;
    }
    const resolved = resolve(ctx);
    const { caller, problem } = resolved instanceof Promise ? await resolved : resolved;
    ctx.state.caller = caller;
    if (problem) ctx.state.authProblem = problem;
    await next();
  };
}
