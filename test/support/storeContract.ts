import { registerQueryContract } from './storeContractQueries.ts';
import type { StoreGetter } from './storeContractQueries.ts';
import { registerWriteContract } from './storeContractWrites.ts';
import { registerTextContract } from './storeContractText.ts';

export type { StoreGetter };

/** The DocumentStore contract: every adapter must pass all of it, against the same expectations. */
export function registerStoreContract(label: string, getStore: StoreGetter): void {
  registerQueryContract(label, getStore);
  registerWriteContract(label, getStore);
  registerTextContract(label, getStore);
}
