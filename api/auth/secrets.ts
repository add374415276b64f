import { createHmac, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../../shared/config.ts';

/** One HMAC secret per token type, so a token of one type can never verify as another. */
export interface AuthSecrets {
  readonly access: string;
  readonly refresh: string;
  /** Derived from the access secret with a label: password-reset tokens. */
  readonly reset: string;
  /** Derived from the access secret with a label: wallet (SIWE) sessions. */
  readonly wallet: string;
}

export class MissingSecretError extends Error {
  constructor(names: readonly string[]) {
    super(`${names.join(' and ')} must be set (at least 32 characters each) when NODE_ENV=production`);
    this.name = 'MissingSecretError';
  }
}

const derive = (base: string, label: string): string => createHmac('sha256', base).update(`concord:${label}`).digest('base64url');

/**
 * Secrets from config. Outside production a missing secret is generated for this process (sessions then
 * end when the process restarts) and a warning says so; production refuses to start without them.
 */
export function resolveAuthSecrets(config: Config, log: Logger): AuthSecrets {
  const missing = (['JWT_ACCESS_SECRET', 'JWT_REFRESH_SECRET'] as const).filter((k) => config[k] === undefined);
  if (missing.length > 0 && config.NODE_ENV === 'production') throw new MissingSecretError(missing);
  if (missing.length > 0) {
    log.warn({ missing }, 'JWT secrets not set: generated random ones for this process; sessions will not survive a restart');
  }
  const access = config.JWT_ACCESS_SECRET ?? randomBytes(48).toString('base64url');
  const refresh = config.JWT_REFRESH_SECRET ?? randomBytes(48).toString('base64url');
  if (access === refresh) log.warn('JWT_ACCESS_SECRET equals JWT_REFRESH_SECRET; token types stay apart through the typ claim only');
  return { access, refresh, reset: derive(access, 'password-reset'), wallet: derive(access, 'wallet-session') };
}
