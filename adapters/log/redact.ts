/**
 * Redaction of secrets from structured log lines, applied to every line the process writes (see
 * createLogger). Two rules: a value under a sensitive key is replaced whole, at any depth; and inside
 * every string (messages, error messages, stacks, URLs) credential-shaped text is masked.
 */

export const REDACTED = '[REDACTED]';

/** Keys compared lower-case with everything but letters and digits removed (`reset_token` → `resettoken`). */
const SENSITIVE_KEYS: ReadonlySet<string> = new Set([
  'password',
  'passwd',
  'otp',
  'otphash',
  'passwordhash',
  'keyhash',
  'tokens',
  'authorization',
  'proxyauthorization',
  'cookie',
  'cookies',
  'setcookie',
  'xapikey',
  'signature',
  // A request body, however it got into the line (http-errors carry it as `body`), and node's raw packet.
  'body',
  'rawbody',
  'rawpacket',
]);

const SENSITIVE_SUFFIXES = ['password', 'secret', 'token', 'apikey', 'otp', 'cookie'] as const;

export function isSensitiveKey(key: string): boolean {
  const k = key.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (k === '') return false;
  return SENSITIVE_KEYS.has(k) || SENSITIVE_SUFFIXES.some((s) => k.endsWith(s));
}

const NAME = String.raw`[\w-]*(?:password|passwd|secret|token|api_?key|apikey|otp)`;
const STRING_RULES: ReadonlyArray<readonly [RegExp, string]> = [
  // API keys: svc_ + base64url.
  [/\bsvc_[A-Za-z0-9_-]{16,}/g, `svc_${REDACTED}`],
  // JWTs (access, refresh, reset, wallet tokens; the session cookies hold them).
  [/\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g, REDACTED],
  // Authorization header values.
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi, `$1 ${REDACTED}`],
  // "password": "…" / password=… inside text (a quoted body, a query string, a parser's error message).
  [new RegExp(String.raw`("?${NAME}"?\s*[:=]\s*)("(?:[^"\\]|\\.)*"?|[^\s&,;}"]+)`, 'gi'), `$1"${REDACTED}"`],
];

const QUICK_CHECK = /password|passwd|secret|token|api_?key|otp|authori[sz]ation|cookie|signature|body|rawpacket|svc_|eyJ|bearer|basic/i;

export function scrubString(text: string): string {
  if (!QUICK_CHECK.test(text)) return text;
  let out = text;
  for (const [pattern, replacement] of STRING_RULES) out = out.replace(pattern, replacement);
  return out;
}

/** A copy of a JSON-like value with sensitive keys replaced and every string scrubbed. */
export function redactValue(value: unknown, key = ''): unknown {
  // Booleans say whether something happened (refresh_token_revoked), never what a secret is.
  if (key !== '' && isSensitiveKey(key) && value !== null && value !== undefined && typeof value !== 'boolean') return REDACTED;
  if (typeof value === 'string') return scrubString(value);
  return value;
}

/**
 * One serialised log line (a JSON object and a newline), redacted. Lines without anything that looks
 * sensitive are returned unchanged; a line that does not parse is scrubbed as text.
 */
export function redactLogLine(line: string): string {
  if (!QUICK_CHECK.test(line)) return line;
  const end = line.endsWith('\n') ? '\n' : '';
  try {
    const parsed: unknown = JSON.parse(line, (k, v: unknown) => redactValue(v, k));
    return JSON.stringify(parsed) + end;
  } catch {
    return scrubString(line);
  }
}
