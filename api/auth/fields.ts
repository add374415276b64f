import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './passwords.ts';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Body field schemas shared by the auth routes, with messages that say what is accepted. */
export const emailField = z
  .string({ error: 'must be a string' })
  .trim()
  .max(254, 'must be at most 254 characters')
  .refine((v) => EMAIL_RE.test(v), 'must be an email address');

export const newPasswordField = z
  .string({ error: 'must be a string' })
  .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);

/** Existing passwords are only bounded, never judged: they were valid when set. */
export const currentPasswordField = z.string({ error: 'must be a string' }).min(1, 'is required').max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);

export const nameField = z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters');

export const otpField = z.string({ error: 'must be a string of 6 digits' }).regex(/^\d{6}$/, 'must be 6 digits');

export const tokenField = z.string({ error: 'must be a string' }).min(1, 'is required').max(4096, 'is too long');
