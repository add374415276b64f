import { api } from './api.js';

const utf8Hex = (text) => '0x' + [...new TextEncoder().encode(text)].map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Sign-In with Ethereum through the browser's injected wallet (EIP-1193 `window.ethereum`): ask for
 * the account, fetch a nonce, have the wallet sign an EIP-4361 message for this origin, verify it.
 * The server answers with the httpOnly svc_siwe cookie; nothing secret reaches this script.
 */
export async function signInWithWallet(provider) {
  const [account] = await provider.request({ method: 'eth_requestAccounts' });
  if (!account) throw new Error('The wallet shared no account.');
  const chainId = Number.parseInt(await provider.request({ method: 'eth_chainId' }), 16);
  // EIP-4361 wants the EIP-55 checksummed address; ethers (served from node_modules) computes it.
  const { getAddress } = await import('./ethers.min.js');
  const address = getAddress(account);
  const { data } = await api('GET', '/api/v1/siwe/nonce');
  const message = [
    `${location.host} wants you to sign in with your Ethereum account:`,
    address,
    '',
    'Sign in to the Concord console.',
    '',
    `URI: ${location.origin}`,
    'Version: 1',
    `Chain ID: ${chainId}`,
    `Nonce: ${data.nonce}`,
    `Issued At: ${new Date().toISOString()}`,
    `Expiration Time: ${data.expires_at}`,
  ].join('\n');
  const signature = await provider.request({ method: 'personal_sign', params: [utf8Hex(message), address] });
  const verified = await api('POST', '/api/v1/siwe/verify', { message, signature });
  return verified.data;
}
