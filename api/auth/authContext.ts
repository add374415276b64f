import type { Logger } from 'pino';
import type { AppDeps } from '../deps.ts';
import type { Mailer } from '../../shared/ports/mail.ts';
import { createMailer } from '../../adapters/mail/createMailer.ts';
import { AccountRepository } from './accounts.ts';
import { ApiKeyRepository } from './apiKeys.ts';
import { makeDecoyHash } from './passwords.ts';
import { RefreshTokenRepository } from './refreshTokens.ts';
import { resolveAuthSecrets, type AuthSecrets } from './secrets.ts';
import { TokenService } from './tokens.ts';
import { WalletAccountRepository } from './walletAccounts.ts';
import { PasswordResetStore } from './passwordResetStore.ts';
import { PasswordResetLimits } from './passwordResetLimits.ts';
import { SiweNonceRepository } from './siweNonces.ts';
import { WalletSessionRepository } from './walletSessions.ts';

/** Everything the auth middleware and routes share for one app: secrets, repositories, mail, clock. */
export interface AuthContext {
  readonly log: Logger;
  readonly secrets: AuthSecrets;
  readonly tokens: TokenService;
  readonly mailer: Mailer;
  readonly accounts: AccountRepository;
  readonly refreshTokens: RefreshTokenRepository;
  readonly resets: PasswordResetStore;
  readonly resetLimits: PasswordResetLimits;
  readonly apiKeys: ApiKeyRepository;
  readonly wallets: WalletAccountRepository;
  readonly nonces: SiweNonceRepository;
  readonly walletSessions: WalletSessionRepository;
  /** Milliseconds since the epoch; tests may move it. */
  readonly now: () => number;
  /** argon2 hash of a random secret, verified against when an account does not exist (equal timing). */
  readonly decoyHash: () => Promise<string>;
  /** Resolves once every auth collection has its indexes. */
  readonly ready: () => Promise<void>;
}

export interface AuthContextOptions {
  readonly now?: () => number;
  readonly mailer?: Mailer;
}

export function createAuthContext(deps: AppDeps, options: AuthContextOptions = {}): AuthContext {
  const log = deps.log.child({ component: 'auth' });
  const secrets = resolveAuthSecrets(deps.config, log);
  const now = options.now ?? Date.now;
  const accounts = new AccountRepository(deps.store, now);
  const refreshTokens = new RefreshTokenRepository(deps.store);
  const resets = new PasswordResetStore(deps.store);
  const apiKeys = new ApiKeyRepository(deps.store, now);
  const wallets = new WalletAccountRepository(deps.store);
  const nonces = new SiweNonceRepository(deps.store);
  const walletSessions = new WalletSessionRepository(deps.store);
  let decoy: Promise<string> | undefined;
  let indexes: Promise<void> | undefined;
  return {
    log,
    secrets,
    tokens: new TokenService(secrets, now),
    mailer: options.mailer ?? createMailer(deps.config, deps.store, deps.log),
    accounts,
    refreshTokens,
    resets,
    resetLimits: new PasswordResetLimits(deps.store),
    apiKeys,
    wallets,
    nonces,
    walletSessions,
    now,
    decoyHash: () => (decoy ??= makeDecoyHash()),
    ready: () =>
      (indexes ??= Promise.all([
        accounts.ensureIndexes(),
        refreshTokens.ensureIndexes(),
        resets.ensureIndexes(),
        apiKeys.ensureIndexes(),
        wallets.ensureIndexes(),
        nonces.ensureIndexes(),
        walletSessions.ensureIndexes(),
      ]).then(
        () => undefined,
        (err: unknown) => {
          indexes = undefined;
          throw err;
        },
      )),
  };
}

const contexts = new WeakMap<AppDeps, AuthContext>();

/**
 * The auth context of an app, made on first use. Keyed by the deps object, so the middleware and every
 * router of one app share the same (possibly generated) secrets, and two apps never share anything.
 */
export function authContextFor(deps: AppDeps): AuthContext {
  let context = contexts.get(deps);
  if (!context) {
    context = createAuthContext(deps);
    contexts.set(deps, context);
  }
  return context;
}

/** Installs a context made with options (a test clock, a mailer) before createApp(deps) builds on it. */
export function installAuthContext(deps: AppDeps, options: AuthContextOptions): AuthContext {
  const context = createAuthContext(deps, options);
  contexts.set(deps, context);
  return context;
}
