/** Every scope an API key can hold. `/api/v1/external/*` routes each require one. */
export const SCOPES = ['read:arbitrage', 'read:markets', 'read:questions'] as const;
export type Scope = (typeof SCOPES)[number];

export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && (SCOPES as readonly string[]).includes(value);
}
