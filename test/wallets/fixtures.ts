import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Recorded wallet payloads served by VENUE_SOURCE=recorded (pipeline/wallets/recorded/<venue>/). */
export function recorded(venue: string, file: string): unknown {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`../../pipeline/wallets/recorded/${venue}/${file}`, import.meta.url)), 'utf8')) as unknown;
}

/** Payloads only the tests use (test/fixtures/wallets/<venue>/). */
export function fixture(venue: string, file: string): unknown {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`../fixtures/wallets/${venue}/${file}`, import.meta.url)), 'utf8')) as unknown;
}

export const POLY_WALLET = '0x6a72f61820b26b1fe4d956e17b6dc2a1ea3033ee';
export const PLACEHOLDER_WALLET = '0x0000000000000000000000000000000000000001';
export const PREDICTFUN_SIGNER = '0x3bd1aC004ED5AeC6a0C67DBf7145e57f31D1096c';
/** The all-zero Solana key: the demo authority of the composed Drift account. */
export const DEMO_AUTHORITY = '11111111111111111111111111111111';
export const DEMO_DRIFT_ACCOUNT = 'E5azdYydXZ2tEfjukw8fFBDBbvExTBXyPn6eRKMeksHt';
