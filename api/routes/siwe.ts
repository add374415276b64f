import Router from '@koa/router';
import type { Context } from 'koa';
import { randomBytes } from 'node:crypto';
import { generateNonce, SiweMessage } from 'siwe';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import type { Config } from '../../shared/config.ts';
import { AppError } from '../../shared/errors.ts';
import { parseInput } from '../http/validate.ts';
import { authContextFor } from '../auth/authContext.ts';
import { clearWalletCookie, COOKIE, setNonceBindingCookie, setWalletCookie } from '../auth/cookies.ts';
import { NONCE_TTL_MS } from '../auth/siweNonces.ts';

const verifyBody = z.object({
  message: z.string({ error: 'must be the EIP-4361 message text' }).min(1, 'is required').max(4096, 'is too long'),
  signature: z.string({ error: 'must be a hex string' }).regex(/^0x[0-9a-fA-F]{130}$/, 'must be a 65-byte hex signature (0x followed by 130 hex digits)'),
});

const BINDING_RE = /^[A-Za-z0-9_-]{32,64}$/;

const HOST_RE = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/** Where a message must say it signs in to: its origin (scheme://host[:port]) and host. */
export interface SiweAudience {
  readonly origin: string;
  readonly host: string;
  readonly scheme: string;
}

/**
 * PUBLIC_ORIGIN when set (always, in production: config requires it). Without it (development) the
 * request's own Host, which must then be present and well-formed: an empty expected domain would let
 * a message signed for any domain through.
 */
export function siweAudience(config: Config, ctx: Context): SiweAudience {
  if (config.PUBLIC_ORIGIN) {
    const url = new URL(config.PUBLIC_ORIGIN);
    return { origin: url.origin, host: url.host, scheme: url.protocol.slice(0, -1) };
  }
  const host = ctx.host;
  if (!host || !HOST_RE.test(host)) {
    throw new AppError('INVALID_REQUEST', 'This request names no usable Host, and PUBLIC_ORIGIN is not set, so there is no domain to check the sign-in message against; send a Host header (or set PUBLIC_ORIGIN).');
  }
  const origin = new URL(`${ctx.protocol}://${host}`);
  return { origin: origin.origin, host: origin.host, scheme: ctx.protocol };
}

/** The message's scheme, domain and URI all name the expected origin; null when they do, else why not. */
export function audienceMismatch(message: SiweMessage, audience: SiweAudience): string | null {
  if (message.domain.toLowerCase() !== audience.host.toLowerCase()) return `the message is for domain ${message.domain.slice(0, 100)}, not ${audience.host}`;
  if (message.scheme !== undefined && message.scheme.toLowerCase() !== audience.scheme) return `the message is for scheme ${message.scheme.slice(0, 20)}, not ${audience.scheme}`;
  let uriOrigin: string | null = null;
  try {
    uriOrigin = new URL(message.uri).origin;
  } catch {
    uriOrigin = null;
  }
  if (uriOrigin !== audience.origin) return `the message's URI ${message.uri.slice(0, 100)} is not on ${audience.origin}`;
  return null;
}

function parseMessage(text: string): SiweMessage {
  try {
    return new SiweMessage(text);
  } catch (err) {
    throw new AppError('INVALID_REQUEST', `Invalid body field 'message': not an EIP-4361 message (${err instanceof Error ? err.message : String(err)}).`);
  }
}

/** /api/v1/siwe: Sign-In with Ethereum for wallet accounts (kept apart from email accounts). */
export function siweRouter(deps: AppDeps): Router {
  const auth = authContextFor(deps);
  const chains = deps.config.SIWE_CHAIN_IDS;
  const router = new Router({ prefix: '/siwe' });
  if (!deps.config.PUBLIC_ORIGIN) {
    auth.log.warn('PUBLIC_ORIGIN is not set: SIWE messages are checked against each request\'s Host header, which is fit for development only');
  }

  router.get('/nonce', async (ctx) => {
    const existing = ctx.cookies.get(COOKIE.siweBinding);
    const binding = existing && BINDING_RE.test(existing) ? existing : randomBytes(24).toString('base64url');
    const nonce = generateNonce();
    const expiresAt = await auth.nonces.issue(nonce, binding, auth.now());
    setNonceBindingCookie(ctx, deps.config, binding, Math.ceil(NONCE_TTL_MS / 1000));
    ctx.body = { data: { nonce, expires_at: new Date(expiresAt).toISOString() } };
  });

  router.post('/verify', async (ctx) => {
    const body = parseInput(verifyBody, ctx.request.body, 'body field');
    const binding = ctx.cookies.get(COOKIE.siweBinding);
    if (!binding || !BINDING_RE.test(binding)) {
      throw new AppError('UNAUTHORIZED', `No nonce was issued to this session; call GET /api/v1/siwe/nonce first and keep its ${COOKIE.siweBinding} cookie.`);
    }
    const message = parseMessage(body.message);
    // Taken before any other check: every attempt spends its nonce, so a refused message can never be
    // corrected and replayed with the same nonce, whatever the reason it was refused.
    if (!(await auth.nonces.consume(message.nonce, binding, auth.now()))) {
      throw new AppError('UNAUTHORIZED', 'The nonce is unknown, expired, already used or was issued to another session; get a new one from GET /api/v1/siwe/nonce.');
    }
    const audience = siweAudience(deps.config, ctx);
    const mismatch = audienceMismatch(message, audience);
    if (mismatch) throw new AppError('UNAUTHORIZED', `Sign-in message rejected: ${mismatch}.`);
    if (!chains.includes(message.chainId)) {
      throw new AppError('UNAUTHORIZED', `Chain ID ${message.chainId} is not accepted; sign on one of: ${chains.join(', ')}.`);
    }
    const result = await message.verify(
      { signature: body.signature, domain: message.domain, nonce: message.nonce, time: new Date(auth.now()).toISOString() },
      { suppressExceptions: true },
    );
    if (!result.success) {
      throw new AppError('UNAUTHORIZED', `Sign-in message rejected: ${result.error?.type ?? 'verification failed'}${result.error?.expected ? ` (expected ${result.error.expected}, got ${result.error.received ?? 'nothing'})` : ''}`);
    }
    const wallet = await auth.wallets.signIn(message.address, new Date(auth.now()));
    const session = auth.tokens.sign('wallet', wallet._id);
    await auth.walletSessions.remember({ jti: session.jti, walletId: wallet._id, expiresAt: session.expiresAt, now: new Date(auth.now()) });
    setWalletCookie(ctx, deps.config, session.token);
    ctx.cookies.set(COOKIE.siweBinding, '', { path: '/', maxAge: 0, expires: new Date(0), httpOnly: true, sameSite: 'lax' });
    ctx.body = { data: { id: wallet._id, address: wallet.address, chain_id: message.chainId } };
  });

  router.post('/logout', async (ctx) => {
    const token = ctx.cookies.get(COOKIE.wallet);
    const verified = token ? auth.tokens.verify('wallet', token) : undefined;
    const revoked = verified?.ok ? await auth.walletSessions.revoke(verified.claims.jti, verified.claims.sub) : false;
    clearWalletCookie(ctx, deps.config);
    ctx.body = { data: { logged_out: true, session_revoked: revoked } };
  });

  return router;
}
