import argon2 from 'argon2';
import { randomBytes } from 'node:crypto';

/** argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane): strong, and bounded memory per login. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_MIN = 8;
/** argon2 accepts any length; the bound only keeps absurd inputs out. */
export const PASSWORD_MAX = 256;

export function hashSecret(secret: string): Promise<string> {
  return argon2.hash(secret, ARGON2_OPTIONS);
}

/** False for a wrong secret and for a malformed hash (never throws on bad input). */
export async function verifySecret(hash: string, secret: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, secret);
  } catch {
    return false;
  }
}

/**
 * A hash of a random secret, made once, to verify against when the account does not exist, so that
 * "no such email" costs the same argon2 work as "wrong password".
 */
export function makeDecoyHash(): Promise<string> {
  return hashSecret(randomBytes(24).toString('base64url'));
}
