import { z } from 'zod';
import { dataEnvelope, isoDateTime, message, uuid } from './common.ts';

export const accountSchema = z.object({ id: uuid, email: z.string(), name: z.string() }).meta({ id: 'Account' });
export const tokensSchema = z
  .object({
    access_token: z.string().meta({ description: 'JWT, valid 15 minutes' }),
    refresh_token: z.string().meta({ description: 'JWT, valid 7 days, exchanged once at POST /api/v1/auth/refresh' }),
  })
  .meta({ id: 'Tokens' });

/** register, login, refresh, change-password: the account, a token pair and the session cookies. */
export const sessionResponse = dataEnvelope(accountSchema, { tokens: tokensSchema });
export const accountResponse = dataEnvelope(accountSchema);
export const logoutResponse = dataEnvelope(z.object({ logged_out: z.literal(true), refresh_token_revoked: z.boolean() }));
export const messageResponse = dataEnvelope(z.object({ message }));
export const verifyOtpResponse = dataEnvelope(
  z.object({ reset_token: z.string().meta({ description: 'JWT, single use, valid 5 minutes' }), expires_in: z.number().int(), expires_at: isoDateTime }),
);
export const resetPasswordResponse = dataEnvelope(accountSchema, { message });

export const siweNonceResponse = dataEnvelope(z.object({ nonce: z.string(), expires_at: isoDateTime }));
export const siweVerifyResponse = dataEnvelope(
  z.object({ id: uuid, address: z.string().meta({ description: 'EIP-55 checksummed address' }), chain_id: z.number().int().min(1) }),
);
export const siweLogoutResponse = dataEnvelope(z.object({ logged_out: z.literal(true), session_revoked: z.boolean().describe('true when a live wallet session was found and revoked') }));

/** Set on sign-in, refresh and password change: the two httpOnly session cookies. */
export const sessionCookieHeaders = {
  'Set-Cookie': {
    description: 'svc_access (15 minutes) and svc_refresh (7 days), HttpOnly, SameSite=Lax, Secure behind https.',
    schema: { type: 'string' },
  },
} as const;
