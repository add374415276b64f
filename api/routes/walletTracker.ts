import Router from '@koa/router';
import type { AppDeps } from '../deps.ts';
import { singleValuedQuery } from '../http/validate.ts';
import { requireSession } from '../auth/guards.ts';
import { AppError } from '../../shared/errors.ts';
import { checkEthereumAddress, checkManifoldUsername, checkSolanaAddress, type Checked } from '../../pipeline/wallets/identity.ts';
import { createDefaultWalletTracker } from '../../pipeline/wallets/defaultTracker.ts';
import type { WalletIdentity } from '../../pipeline/wallets/types.ts';

/** `play_money_user` is the spec's neutral name of `manifold`; both are accepted (gap-notes). */
const QUERY_PARAMETERS = new Set(['solana', 'manifold', 'play_money_user']);

function required(checked: Checked, where: string): string {
  if (checked.ok) return checked.value;
  throw new AppError('INVALID_REQUEST', `Invalid ${where}: it ${checked.problem}.`);
}

/**
 * Path address, `solana` and `manifold` (alias `play_money_user`) checked before any venue is asked. An
 * empty optional parameter counts as not given (forms send them empty).
 */
export function walletIdentityOf(pathAddress: string, rawQuery: Record<string, string | string[] | undefined>): WalletIdentity {
  const query = singleValuedQuery(rawQuery);
  const unknown = Object.keys(query).filter((k) => !QUERY_PARAMETERS.has(k));
  if (unknown.length > 0) {
    throw new AppError('INVALID_REQUEST', `Unknown query parameter ${unknown.map((k) => `'${k}'`).join(', ')}: accepted are 'solana', 'manifold' (alias 'play_money_user').`);
  }
  const address = required(checkEthereumAddress(pathAddress), "path parameter 'address'");
  const solana = query.solana ? required(checkSolanaAddress(query.solana), "query parameter 'solana'") : undefined;
  const byName = query.manifold || undefined;
  const byAlias = query.play_money_user || undefined;
  if (byName && byAlias && byName !== byAlias) {
    throw new AppError('INVALID_REQUEST', "Invalid query parameter 'play_money_user': it is an alias of 'manifold' and the two name different users; send one of them.");
  }
  const manifold = byName
    ? required(checkManifoldUsername(byName), "query parameter 'manifold'")
    : byAlias
      ? required(checkManifoldUsername(byAlias), "query parameter 'play_money_user'")
      : undefined;
  return { address, ...(solana ? { solana } : {}), ...(manifold ? { manifold } : {}) };
}

/** GET /wallet-tracker/{address}: session (or SIWE wallet session) and its tier; answer at top level, no envelope. */
export function walletTrackerRouter(deps: AppDeps): Router {
  const tracker = deps.walletTracker ?? createDefaultWalletTracker(deps.config, deps.log);
  const router = new Router();
  router.get('/wallet-tracker/:address', requireSession({ allowWallet: true }), async (ctx) => {
    const id = walletIdentityOf(String(ctx.params.address ?? ''), ctx.query);
    ctx.body = await tracker.track(id);
    ctx.set('Cache-Control', 'private, max-age=0');
  });
  return router;
}
