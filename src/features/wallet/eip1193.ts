// The few EIP-1193 calls the app makes (docs/product.md "Calls outside the app"), each checking
// what the wallet returns.
import { parseQuantity } from './format';
import { normaliseChainId } from '@/lib/networks';
import { WalletRequestError } from './errors';

export type ProviderListener = (...args: unknown[]) => void;

/** An EIP-1193 provider, as injected by a browser wallet. */
export interface Eip1193Provider {
  request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown>;
  on?(event: string, listener: ProviderListener): unknown;
  removeListener?(event: string, listener: ProviderListener): unknown;
}

export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { request?: unknown }).request === 'function'
  );
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The valid addresses in what a wallet returned for eth_accounts / accountsChanged. */
export function parseAccounts(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((a): a is string => typeof a === 'string' && ADDRESS.test(a));
}

/** Asks the user for account access (the wallet shows its prompt). */
export async function requestAccounts(provider: Eip1193Provider): Promise<string[]> {
  return parseAccounts(await provider.request({ method: 'eth_requestAccounts' }));
}

/** The accounts this site may already use; never prompts. */
export async function getAccounts(provider: Eip1193Provider): Promise<string[]> {
  return parseAccounts(await provider.request({ method: 'eth_accounts' }));
}

export async function getChainId(provider: Eip1193Provider): Promise<string> {
  const chainId = normaliseChainId(await provider.request({ method: 'eth_chainId' }));
  if (chainId === null)
    throw new WalletRequestError(-32603, 'The wallet returned no valid chain id.');
  return chainId;
}

export async function getBalance(provider: Eip1193Provider, account: string): Promise<bigint> {
  const wei = parseQuantity(
    await provider.request({ method: 'eth_getBalance', params: [account, 'latest'] }),
  );
  if (wei === null) throw new WalletRequestError(-32603, 'The wallet returned no valid balance.');
  return wei;
}

/** Asks the wallet to forget this site's access; wallets without the method are left alone. */
export async function revokeAccess(provider: Eip1193Provider): Promise<void> {
  try {
    await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] });
  } catch {
    // Not every wallet has wallet_revokePermissions; forgetting the wallet here is enough.
  }
}
