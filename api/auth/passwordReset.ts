import { randomInt } from 'node:crypto';
import type { AuthContext } from './authContext.ts';
import type { AccountDoc } from './accounts.ts';
import { hashSecret, verifySecret } from './passwords.ts';

export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
/** A new code is mailed at most this often per account, burnt or used codes included; asking sooner still answers 200. */
export const OTP_RESEND_COOLDOWN_MS = 60_000;
/** Codes mailed per account per UTC day at most (a mailbox is not to be flooded). */
export const OTP_DAILY_MAILS = 10;
/** Guesses at an account's codes per UTC day at most, across every code: 20 in a million a day. */
export const OTP_DAILY_GUESSES = 20;

function sixDigits(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * forgot-password: the same argon2 work is done whether or not the email has an account, and the mail
 * is sent after the caller has been answered, so neither the answer nor its timing says whether the
 * address is registered.
 */
export async function requestPasswordReset(auth: AuthContext, email: string): Promise<void> {
  const otp = sixDigits();
  const [account, otpHash] = await Promise.all([auth.accounts.findByEmail(email), hashSecret(otp)]);
  if (!account) return;
  const now = auth.now();
  if (!(await auth.resetLimits.claimMail(account._id, now, OTP_RESEND_COOLDOWN_MS, OTP_DAILY_MAILS))) return;
  await auth.resets.putOtp(account._id, otpHash, now, now + OTP_TTL_MS);
  const message = {
    to: account.email,
    subject: 'Your Concord password reset code',
    text: `Your password reset code is ${otp}. It is valid for 10 minutes and can be tried ${OTP_MAX_ATTEMPTS} times.\nIf you did not ask to reset your password, ignore this message.`,
  };
  setImmediate(() => {
    auth.mailer.send(message).catch((err: unknown) => auth.log.error({ err, account_id: account._id }, 'password reset mail failed'));
  });
}

export type VerifyOtpResult = { ok: true; resetToken: string; expiresAt: Date } | { ok: false };

/**
 * verify-otp: every failure looks the same (unknown email, no code, expired, wrong, attempts used up, the
 * day's guesses used up) and costs one argon2 verification. Each try counts against the account's daily
 * guesses, then spends an attempt of the code atomically; the fifth wrong try burns the code.
 */
export async function verifyPasswordOtp(auth: AuthContext, email: string, otp: string): Promise<VerifyOtpResult> {
  const account = await auth.accounts.findByEmail(email);
  const allowed = account ? await auth.resetLimits.claimGuess(account._id, auth.now(), OTP_DAILY_GUESSES) : false;
  const spent = account && allowed ? await auth.resets.spendAttempt(account._id, OTP_MAX_ATTEMPTS, auth.now()) : null;
  if (!account || !spent) {
    await verifySecret(await auth.decoyHash(), otp);
    if (account) await auth.resets.takeOtp(account._id);
    return { ok: false };
  }
  const matches = await verifySecret(spent.otp_hash, otp);
  if (!matches) {
    if (spent.attempts >= OTP_MAX_ATTEMPTS) await auth.resets.takeOtp(account._id, spent.otp_hash);
    return { ok: false };
  }
  // Only the request that removes the code gets a token, even if two correct tries race.
  if (!(await auth.resets.takeOtp(account._id, spent.otp_hash))) return { ok: false };
  const token = auth.tokens.sign('reset', account._id, { sv: account.session_version });
  await auth.resets.rememberResetToken(token.jti, account._id, token.expiresAt.getTime());
  return { ok: true, resetToken: token.token, expiresAt: token.expiresAt };
}

export type ResetResult = { ok: true; account: AccountDoc } | { ok: false; reason: 'expired' | 'invalid' | 'used' };

/** reset-password: consumes the token, sets the password and ends every session of the account. */
export async function resetPassword(auth: AuthContext, resetToken: string, newPassword: string): Promise<ResetResult> {
  const verified = auth.tokens.verify('reset', resetToken);
  if (!verified.ok) return { ok: false, reason: verified.reason };
  const { sub, jti } = verified.claims;
  if (!(await auth.resets.consumeResetToken(jti, sub))) return { ok: false, reason: 'used' };
  const hash = await hashSecret(newPassword);
  const account = await auth.accounts.setPassword(sub, hash, new Date(auth.now()));
  if (!account) return { ok: false, reason: 'invalid' };
  await auth.refreshTokens.revokeAll(sub);
  await auth.resets.takeOtp(sub);
  return { ok: true, account };
}

/** change-password: checks the current password, sets the new one and ends every other session. */
export async function changePassword(auth: AuthContext, accountId: string, current: string, next: string): Promise<AccountDoc | null> {
  const account = await auth.accounts.get(accountId);
  if (!account || !(await verifySecret(account.password_hash, current))) return null;
  const updated = await auth.accounts.setPassword(accountId, await hashSecret(next), new Date(auth.now()));
  if (!updated) return null;
  await auth.refreshTokens.revokeAll(accountId);
  return updated;
}
