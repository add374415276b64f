import { domainToASCII, domainToUnicode } from 'node:url';
import { unsafeTextProblem } from '../http/textFields.ts';

/** Format characters (zero-width space, joiners, BOM...) look like nothing and make look-alike addresses. */
const FORMAT = /\p{Cf}/u;

/**
 * The one form an address is stored and looked up in, so that however it is typed it reaches the same
 * account: trimmed, Unicode NFC (an é typed as one character or as e + accent is the same address),
 * the domain lower-case and in its canonical IDNA form (CAFÉ.com, café.com and xn--caf-dma.com are
 * one domain), and the local part lower-case too. RFC 5321 lets a mailbox treat case in the local part
 * as significant, but no provider in use does, and one address must never become two accounts; dots and
 * +tags are left alone, since whether they matter is up to each provider.
 */
export function normaliseEmail(email: string): string {
  const text = email.trim().normalize('NFC');
  const at = text.lastIndexOf('@');
  if (at < 0) return text.toLowerCase().normalize('NFC');
  const local = text.slice(0, at).toLowerCase().normalize('NFC');
  const domain = text.slice(at + 1).toLowerCase().normalize('NFC');
  const ascii = domainToASCII(domain);
  return `${local}@${ascii ? domainToUnicode(ascii).normalize('NFC') : domain}`;
}

/** Why a (trimmed) address cannot be an account's email, or null. */
export function emailProblem(email: string): string | null {
  const unsafe = unsafeTextProblem(email);
  if (unsafe) return unsafe;
  if (FORMAT.test(email)) return 'contains an invisible formatting character';
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (at < 1 || /[\s@]/u.test(local) || local.length > 64) return 'must be an email address';
  const ascii = domainToASCII(domain.normalize('NFC').toLowerCase());
  if (!ascii || !/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/.test(ascii) || ascii.length > 253) return 'must be an email address with a valid domain';
  return null;
}
