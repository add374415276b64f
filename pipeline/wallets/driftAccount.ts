import { PublicKey } from '@solana/web3.js';

/** Drift protocol v2 program on Solana mainnet (APIS.md §7). */
export const DRIFT_PROGRAM_ID = new PublicKey('dRiftyHA39MWEi3m9aunc5MzRF1JYuBsbn6VPcn33UH');

/**
 * The user (sub-)account a Drift authority owns, derived as the Drift SDK does
 * (`getUserAccountPublicKeySync`): program address of the seeds "user", the authority's 32 bytes and the
 * sub-account id as a little-endian u16. Sub-account 0 is the one every Drift user has.
 */
export function driftUserAccount(authority: string, subAccountId = 0): string {
  if (!Number.isInteger(subAccountId) || subAccountId < 0 || subAccountId > 0xffff) throw new RangeError(`sub-account id ${subAccountId} is not a u16`);
  const id = Buffer.alloc(2);
  id.writeUInt16LE(subAccountId);
  const [account] = PublicKey.findProgramAddressSync([Buffer.from('user', 'utf8'), new PublicKey(authority).toBuffer(), id], DRIFT_PROGRAM_ID);
  return account.toBase58();
}
