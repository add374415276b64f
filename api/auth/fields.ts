import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './passwords.ts';
import { emailProblem, normaliseEmail } from './emails.ts';
import { displayNameField, isWellFormedUnicode } from '../http/textFields.ts';

/**
 * Body field schemas shared by the auth routes, with messages that say what is accepted. Every route
 * that takes an email (register, login, forgot-password, verify-otp) gets it normalised the same way.
 */
export const emailField = z
  .string({ error: 'must be a string' })
  .trim()
  .max(254, 'must be at most 254 characters')
  .superRefine((v, ctx) => {
    const problem = emailProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(normaliseEmail);

/** New passwords must be real Unicode: a lone surrogate would be hashed as U+FFFD, so two passwords would collide. */
export const newPasswordField = z
  .string({ error: 'must be a string' })
  .refine(isWellFormedUnicode, 'contains a lone surrogate (not valid Unicode)')
  .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);

/** Existing passwords are only bounded, never judged: they were valid when set. */
export const currentPasswordField = z.string({ error: 'must be a string' }).min(1, 'is required').max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);

export const nameField = displayNameField(1, 100);

export const otpField = z.string({ error: 'must be a string of 6 digits' }).regex(/^\d{6}$/, 'must be 6 digits');

export const tokenField = z.string({ error: 'must be a string' }).min(1, 'is required').max(4096, 'is too long');
