import jwt from 'jsonwebtoken';
import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import type { AuthSecrets } from './secrets.ts';

/** Lifetimes in seconds (spec: access 15 min, refresh 7 days, reset 5 min). */
export const TOKEN_TTL_SECONDS = {
  access: 15 * 60,
  refresh: 7 * 24 * 3600,
  reset: 5 * 60,
  wallet: 24 * 3600,
} as const;
export type TokenType = keyof typeof TOKEN_TTL_SECONDS;

const ISSUER = 'concord';

const claimsSchema = z.object({
  sub: z.string().min(1),
  typ: z.enum(['access', 'refresh', 'reset', 'wallet']),
  jti: z.string().min(1),
  iat: z.number(),
  exp: z.number(),
  /** Session version of the account when the token was issued; a password change moves it on. */
  sv: z.number().int().nonnegative().optional(),
  /** Refresh-token family: every rotation keeps it, so a replayed token can revoke its whole family. */
  fam: z.string().optional(),
});
export type TokenClaims = z.infer<typeof claimsSchema>;

export type VerifyFailure = 'expired' | 'invalid';
export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; reason: VerifyFailure };

export interface SignedToken {
  readonly token: string;
  readonly jti: string;
  readonly expiresAt: Date;
}

export interface TokenExtras {
  readonly sv?: number;
  readonly fam?: string;
}

export class TokenService {
  /**
   * The secrets as key objects, made once: given a string, jsonwebtoken first tries it as a PEM public key
   * (createPublicKey, which throws) on every call before taking it as an HMAC secret: a tenth of the API's
   * busy CPU under load.
   */
  private readonly keys: Record<TokenType, KeyObject>;

  constructor(
    secrets: AuthSecrets,
    private readonly now: () => number = Date.now,
  ) {
    this.keys = Object.fromEntries(
      (Object.keys(TOKEN_TTL_SECONDS) as TokenType[]).map((typ) => [typ, createSecretKey(Buffer.from(secrets[typ], 'utf8'))]),
    ) as Record<TokenType, KeyObject>;
  }

  sign(typ: TokenType, subject: string, extras: TokenExtras = {}): SignedToken {
    const jti = randomUUID();
    const iat = Math.floor(this.now() / 1000);
    const exp = iat + TOKEN_TTL_SECONDS[typ];
    const token = jwt.sign({ typ, sv: extras.sv, fam: extras.fam, iat, exp }, this.keys[typ], {
      algorithm: 'HS256',
      subject,
      jwtid: jti,
      issuer: ISSUER,
    });
    return { token, jti, expiresAt: new Date(exp * 1000) };
  }

  /** Checks signature (HS256 only), issuer, expiry and that the token is of the expected type. */
  verify(typ: TokenType, token: string): VerifyResult {
    let decoded: unknown;
    try {
      decoded = jwt.verify(token, this.keys[typ], {
        algorithms: ['HS256'],
        issuer: ISSUER,
        clockTimestamp: Math.floor(this.now() / 1000),
      });
    } catch (err) {
      return { ok: false, reason: err instanceof jwt.TokenExpiredError ? 'expired' : 'invalid' };
    }
    const parsed = claimsSchema.safeParse(decoded);
    if (!parsed.success || parsed.data.typ !== typ) return { ok: false, reason: 'invalid' };
    return { ok: true, claims: parsed.data };
  }
}
