import { getAddress } from 'ethers';
import { PublicKey } from '@solana/web3.js';

/** Either the normalised value or a sentence saying what is wrong with it (no parameter name: the caller adds it). */
export type Checked = { readonly ok: true; readonly value: string } | { readonly ok: false; readonly problem: string };

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;
/** Manifold keeps letters, digits and underscores, at most 25 (`cleanUsername` in manifoldmarkets/manifold). */
const MANIFOLD_USERNAME = /^[A-Za-z0-9_]{1,25}$/;

const show = (v: string): string => JSON.stringify(v.length > 64 ? `${v.slice(0, 64)}…` : v);

/**
 * An Ethereum address, returned EIP-55 checksummed. All-lowercase and all-uppercase hex are accepted without
 * a checksum; mixed case must carry a correct one (a wrong one means a mistyped character).
 */
export function checkEthereumAddress(raw: string): Checked {
  if (!HEX_ADDRESS.test(raw)) return { ok: false, problem: `must be an Ethereum address: 0x followed by 40 hexadecimal characters, got ${show(raw)}` };
  try {
    return { ok: true, value: getAddress(raw) };
  } catch {
    return { ok: false, problem: `has a mixed-case checksum (EIP-55) that does not match, so a character is probably mistyped; send it all lowercase to skip the check, got ${show(raw)}` };
  }
}

/** A Solana public key: base58 text of exactly 32 bytes, in its canonical spelling. */
export function checkSolanaAddress(raw: string): Checked {
  if (raw.length < 32 || raw.length > 44 || !BASE58.test(raw)) {
    return { ok: false, problem: `must be a Solana address: 32 to 44 base58 characters (no 0, O, I or l), got ${show(raw)}` };
  }
  let key: PublicKey;
  try {
    key = new PublicKey(raw);
  } catch {
    return { ok: false, problem: `is base58 but does not decode to a 32-byte Solana public key, got ${show(raw)}` };
  }
  if (key.toBase58() !== raw) return { ok: false, problem: `is not the canonical base58 spelling of a 32-byte key, got ${show(raw)}` };
  return { ok: true, value: raw };
}

export function checkManifoldUsername(raw: string): Checked {
  if (!MANIFOLD_USERNAME.test(raw)) {
    return { ok: false, problem: `must be a Manifold username: 1 to 25 letters, digits or underscores (the name in manifold.markets/<username>, not a wallet address), got ${show(raw)}` };
  }
  return { ok: true, value: raw };
}
