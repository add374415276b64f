import type { Context } from 'koa';
import type { Config } from '../../shared/config.ts';
import { TOKEN_TTL_SECONDS } from './tokens.ts';

export const COOKIE = {
  access: 'svc_access',
  refresh: 'svc_refresh',
  wallet: 'svc_siwe',
  /** Binds a SIWE nonce to the browser that asked for it. */
  siweBinding: 'svc_siwe_nonce',
} as const;

/**
 * Secure when this request came over TLS or the public origin is https (TLS ends at a proxy in front
 * of us). Koa refuses to set a Secure cookie on a plain connection unless told the connection is secure.
 */
function secureFor(ctx: Context, config: Config): boolean {
  const secure = ctx.secure || (config.PUBLIC_ORIGIN?.startsWith('https://') ?? false);
  if (secure && !ctx.secure) ctx.cookies.secure = true;
  return secure;
}

function set(ctx: Context, config: Config, name: string, value: string, maxAgeSeconds: number): void {
  ctx.cookies.set(name, value, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: secureFor(ctx, config),
    maxAge: maxAgeSeconds * 1000,
    overwrite: true,
  });
}

function clear(ctx: Context, config: Config, name: string): void {
  ctx.cookies.set(name, '', { httpOnly: true, sameSite: 'lax', path: '/', secure: secureFor(ctx, config), maxAge: 0, expires: new Date(0), overwrite: true });
}

export function setSessionCookies(ctx: Context, config: Config, tokens: { access: string; refresh: string }): void {
  set(ctx, config, COOKIE.access, tokens.access, TOKEN_TTL_SECONDS.access);
  set(ctx, config, COOKIE.refresh, tokens.refresh, TOKEN_TTL_SECONDS.refresh);
}

export function clearSessionCookies(ctx: Context, config: Config): void {
  clear(ctx, config, COOKIE.access);
  clear(ctx, config, COOKIE.refresh);
}

export function setWalletCookie(ctx: Context, config: Config, token: string): void {
  set(ctx, config, COOKIE.wallet, token, TOKEN_TTL_SECONDS.wallet);
}

export function clearWalletCookie(ctx: Context, config: Config): void {
  clear(ctx, config, COOKIE.wallet);
}

export function setNonceBindingCookie(ctx: Context, config: Config, binding: string, maxAgeSeconds: number): void {
  set(ctx, config, COOKIE.siweBinding, binding, maxAgeSeconds);
}

export function clearNonceBindingCookie(ctx: Context, config: Config): void {
  clear(ctx, config, COOKIE.siweBinding);
}

/** The bearer credential of an Authorization header, or undefined. */
export function bearerToken(ctx: Context): string | undefined {
  const header = ctx.get('authorization');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}
