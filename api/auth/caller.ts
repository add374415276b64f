import type { Scope } from './scopes.ts';

/** Who is calling, as decided by the authenticate middleware; it also decides the rate tier. */
export type Caller =
  | { readonly kind: 'anonymous' }
  | { readonly kind: 'session'; readonly accountId: string; readonly email: string; readonly name: string }
  | { readonly kind: 'wallet'; readonly accountId: string; readonly address: string }
  | {
      readonly kind: 'apiKey';
      readonly keyId: string;
      readonly accountId: string;
      readonly scopes: readonly Scope[];
      /** Requests per minute for this key. */
      readonly rateLimit: number;
    };

/** Why a credential that was presented did not authenticate; guards turn it into the error. */
export interface AuthProblem {
  readonly code: 'UNAUTHORIZED' | 'INVALID_API_KEY';
  readonly message: string;
}

export interface AuthState {
  caller: Caller;
  authProblem?: AuthProblem;
}

export function callerOf(state: Record<string, unknown>): Caller {
  const caller = state.caller as Caller | undefined;
  return caller ?? { kind: 'anonymous' };
}
