import { accountCaller } from '../auth/guards.ts';
import { ownerKey } from '../../pipeline/alerts/model.ts';

/**
 * The owner of watchlists and alerts for a request behind requireSession({ allowWallet: true }):
 * an email account (Bearer / svc_access) or a wallet account (svc_siwe), never both, never merged.
 */
export interface Owner {
  readonly key: string;
  readonly kind: 'account' | 'wallet';
  readonly accountId: string;
  /** Email accounts only: where alert mail goes. */
  readonly email: string | null;
}

export function ownerOf(state: Record<string, unknown>): Owner {
  const caller = accountCaller(state);
  if (caller.kind === 'session') return { key: ownerKey('account', caller.accountId), kind: 'account', accountId: caller.accountId, email: caller.email };
  return { key: ownerKey('wallet', caller.accountId), kind: 'wallet', accountId: caller.accountId, email: null };
}
