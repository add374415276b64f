import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../../shared/errors.ts';
import { parseInput } from '../http/validate.ts';
import { authContextFor, type AuthContext } from '../auth/authContext.ts';
import { accountView, type AccountDoc } from '../auth/accounts.ts';
import { bearerToken, clearSessionCookies, COOKIE, setSessionCookies } from '../auth/cookies.ts';
import { currentPasswordField, emailField, nameField, newPasswordField, otpField, tokenField } from '../auth/fields.ts';
import { requireSession, sessionCaller } from '../auth/guards.ts';
import { changePassword, requestPasswordReset, resetPassword, verifyPasswordOtp } from '../auth/passwordReset.ts';
import { hashSecret, verifySecret } from '../auth/passwords.ts';
import { issueSession, rotateSession } from '../auth/sessions.ts';
import { TOKEN_TTL_SECONDS } from '../auth/tokens.ts';
import { contract } from '../openapi/contract.ts';
import * as out from '../openapi/schemas/auth.ts';

const registerBody = z.object({ email: emailField, password: newPasswordField, name: nameField.optional() });
const loginBody = z.object({ email: emailField, password: currentPasswordField });
const forgotBody = z.object({ email: emailField });
const verifyOtpBody = z.object({ email: emailField, otp: otpField });
const resetBody = z.object({ reset_token: tokenField, password: newPasswordField });
const changeBody = z.object({ current_password: currentPasswordField, new_password: newPasswordField });
const logoutBody = z.object({ refresh_token: tokenField.optional() }).optional();

const signedIn = (description: string, status = 200) => ({ [status]: { description, schema: out.sessionResponse, headers: out.sessionCookieHeaders } });
/** OpenAPI contracts of the routes below (api/openapi/contract.ts). */
const CONTRACT = {
  register: contract({ summary: 'Create an email account and sign in', tags: ['Auth'], auth: 'public', body: registerBody, responses: signedIn('Account created; session cookies set', 201), errors: ['CONFLICT'] }),
  login: contract({ summary: 'Sign in with email and password', tags: ['Auth'], auth: 'public', body: loginBody, responses: signedIn('Signed in; session cookies set'), errors: ['UNAUTHORIZED'] }),
  refresh: contract({ summary: 'Exchange a refresh token for a new pair', description: 'Each refresh token is exchanged once; presenting it again ends every session of that sign-in.', tags: ['Auth'], auth: 'refresh', responses: signedIn('New token pair; cookies renewed') }),
  logout: contract({ summary: 'Sign out: revoke the refresh token and clear the cookies', tags: ['Auth'], auth: 'public', body: logoutBody, bodyOptional: true, responses: { 200: out.logoutResponse } }),
  me: contract({ summary: 'The signed-in account', tags: ['Auth'], auth: 'session', responses: { 200: out.accountResponse } }),
  changePassword: contract({ summary: 'Change the password; every other session ends', tags: ['Auth'], auth: 'session', body: changeBody, responses: signedIn('Password changed; new session') }),
  forgotPassword: contract({ summary: 'Mail a 6-digit reset code (always 200)', tags: ['Auth'], auth: 'public', body: forgotBody, responses: { 200: out.messageResponse } }),
  verifyOtp: contract({ summary: 'Trade the code for a reset token', tags: ['Auth'], auth: 'public', body: verifyOtpBody, responses: { 200: out.verifyOtpResponse } }),
  resetPassword: contract({ summary: 'Set a new password with the reset token (single use)', tags: ['Auth'], auth: 'public', body: resetBody, responses: { 200: out.resetPasswordResponse } }),
};

async function signIn(ctx: Context, deps: AppDeps, auth: AuthContext, account: AccountDoc, status = 200): Promise<void> {
  const tokens = await issueSession(auth, account);
  setSessionCookies(ctx, deps.config, { access: tokens.access_token, refresh: tokens.refresh_token });
  ctx.status = status;
  ctx.body = { data: accountView(account), tokens };
}

const REFRESH_FAILURES = {
  expired: 'The refresh token has expired; sign in again at POST /api/v1/auth/login.',
  invalid: 'The refresh token is not valid; send the refresh_token from login as Authorization: Bearer <refresh_token>.',
  // A token that is no longer held was exchanged, signed out (logout), or ended with its sign-in (a replay of
  // another token of it, a password change): which one is not kept, so the message names all three.
  reused: 'This refresh token is no longer valid: it was already exchanged, signed out, or its sign-in was ended; every session from that sign-in has been ended. Sign in again at POST /api/v1/auth/login.',
} as const;

/** /api/v1/auth: email-and-password accounts, sessions, password change and reset (docs/auth.md). */
export function authRouter(deps: AppDeps): Router {
  const auth = authContextFor(deps);
  const router = new Router({ prefix: '/auth' });

  router.post('/register', CONTRACT.register, async (ctx) => {
    const body = parseInput(registerBody, ctx.request.body, 'body field');
    const account = await auth.accounts.create({ email: body.email, name: body.name ?? '', passwordHash: await hashSecret(body.password), now: new Date(auth.now()) });
    if (!account) throw new AppError('CONFLICT', 'An account with this email already exists; sign in, or reset the password at POST /api/v1/auth/forgot-password.');
    await signIn(ctx, deps, auth, account, 201);
  });

  router.post('/login', CONTRACT.login, async (ctx) => {
    const body = parseInput(loginBody, ctx.request.body, 'body field');
    const account = await auth.accounts.findByEmail(body.email);
    // Unknown email costs the same argon2 verification as a wrong password.
    const valid = await verifySecret(account?.password_hash ?? (await auth.decoyHash()), body.password);
    if (!account || !valid) throw new AppError('UNAUTHORIZED', 'Invalid email or password.');
    await auth.refreshTokens.pruneExpired(account._id, auth.now());
    await signIn(ctx, deps, auth, account);
  });

  router.post('/refresh', CONTRACT.refresh, async (ctx) => {
    const fromHeader = bearerToken(ctx);
    const token = fromHeader ?? ctx.cookies.get(COOKIE.refresh);
    if (!token) throw new AppError('UNAUTHORIZED', 'Send the refresh token as Authorization: Bearer <refresh_token> (or the svc_refresh cookie).');
    const rotated = await rotateSession(auth, token);
    if (!rotated.ok) {
      if (!fromHeader) clearSessionCookies(ctx, deps.config);
      throw new AppError('UNAUTHORIZED', REFRESH_FAILURES[rotated.reason]);
    }
    setSessionCookies(ctx, deps.config, { access: rotated.tokens.access_token, refresh: rotated.tokens.refresh_token });
    ctx.body = { data: accountView(rotated.account), tokens: rotated.tokens };
  });

  router.post('/logout', CONTRACT.logout, async (ctx) => {
    const body = parseInput(logoutBody, ctx.request.body, 'body field');
    const token = body?.refresh_token ?? ctx.cookies.get(COOKIE.refresh);
    let revoked = false;
    if (token) {
      const verified = auth.tokens.verify('refresh', token);
      if (verified.ok) revoked = await auth.refreshTokens.revoke(verified.claims.jti, verified.claims.sub);
    }
    clearSessionCookies(ctx, deps.config);
    ctx.body = { data: { logged_out: true, refresh_token_revoked: revoked } };
  });

  router.get('/me', CONTRACT.me, requireSession(), async (ctx) => {
    const caller = sessionCaller(ctx.state);
    ctx.body = { data: { id: caller.accountId, email: caller.email, name: caller.name } };
  });

  router.post('/change-password', CONTRACT.changePassword, requireSession(), async (ctx) => {
    const caller = sessionCaller(ctx.state);
    const body = parseInput(changeBody, ctx.request.body, 'body field');
    const account = await changePassword(auth, caller.accountId, body.current_password, body.new_password);
    if (!account) throw new AppError('INVALID_REQUEST', "Invalid body field 'current_password': it does not match the account's password.");
    await signIn(ctx, deps, auth, account);
  });

  router.post('/forgot-password', CONTRACT.forgotPassword, async (ctx) => {
    const body = parseInput(forgotBody, ctx.request.body, 'body field');
    await requestPasswordReset(auth, body.email);
    ctx.body = { data: { message: 'If an account exists for this email, a 6-digit code has been sent to it (one per minute at most: a code sent in the last minute is not sent again). The code is valid for 10 minutes.' } };
  });

  router.post('/verify-otp', CONTRACT.verifyOtp, async (ctx) => {
    const body = parseInput(verifyOtpBody, ctx.request.body, 'body field');
    const verified = await verifyPasswordOtp(auth, body.email, body.otp);
    if (!verified.ok) {
      throw new AppError('INVALID_REQUEST', 'The code is wrong, has expired or has been used up; ask for a new one at POST /api/v1/auth/forgot-password.');
    }
    ctx.body = { data: { reset_token: verified.resetToken, expires_in: TOKEN_TTL_SECONDS.reset, expires_at: verified.expiresAt.toISOString() } };
  });

  router.post('/reset-password', CONTRACT.resetPassword, async (ctx) => {
    const body = parseInput(resetBody, ctx.request.body, 'body field');
    const reset = await resetPassword(auth, body.reset_token, body.password);
    if (!reset.ok) {
      throw new AppError('INVALID_REQUEST', 'The reset token is not valid, has expired or was already used; verify a new code at POST /api/v1/auth/verify-otp.');
    }
    clearSessionCookies(ctx, deps.config);
    ctx.body = { data: accountView(reset.account), message: 'Password updated; every session was signed out. Sign in with the new password.' };
  });

  return router;
}
