import { randomUUID } from 'node:crypto';
import type { AuthContext } from './authContext.ts';
import type { AccountDoc } from './accounts.ts';

export interface SessionTokens {
  readonly access_token: string;
  readonly refresh_token: string;
}

/**
 * A new access/refresh pair for the account. The refresh token is remembered by jti so it can be
 * exchanged exactly once; `family` links the tokens of one sign-in across rotations.
 */
export async function issueSession(auth: AuthContext, account: AccountDoc, family: string = randomUUID()): Promise<SessionTokens> {
  const access = auth.tokens.sign('access', account._id, { sv: account.session_version });
  const refresh = auth.tokens.sign('refresh', account._id, { sv: account.session_version, fam: family });
  await auth.refreshTokens.remember({ jti: refresh.jti, accountId: account._id, family, expiresAt: refresh.expiresAt, now: new Date(auth.now()) });
  return { access_token: access.token, refresh_token: refresh.token };
}

export type RotateResult =
  | { ok: true; account: AccountDoc; tokens: SessionTokens }
  | { ok: false; reason: 'expired' | 'invalid' | 'reused' };

/** Exchanges a refresh token for a new pair; the old one is refused from then on. */
export async function rotateSession(auth: AuthContext, refreshToken: string): Promise<RotateResult> {
  const verified = auth.tokens.verify('refresh', refreshToken);
  if (!verified.ok) return { ok: false, reason: verified.reason };
  const { claims } = verified;
  const consumed = await auth.refreshTokens.consume(claims.jti, claims.sub, claims.fam, auth.now());
  if (!consumed.ok) return { ok: false, reason: consumed.reason };
  const account = await auth.accounts.get(claims.sub);
  if (!account || account.session_version !== (claims.sv ?? 0)) return { ok: false, reason: 'invalid' };
  const tokens = await issueSession(auth, account, consumed.token.family);
  return { ok: true, account, tokens };
}
