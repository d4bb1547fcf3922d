// Moving the connected wallet to the chain Artmint trades on (docs/product.md "Wallet": wrong
// network). EIP-3326 wallet_switchEthereumChain; when the wallet does not know the chain (4902),
// EIP-3085 wallet_addEthereumChain with the configured chain, then the switch again if the add
// did not switch. A refusal (4001) or any other failure is kept in the store and shown.
import { TRADING_CHAIN, type TradingChain } from '@/config/chain';
import { getChainId } from './eip1193';
import type { WalletError } from '@/data/wallet-store';
import { errorCode, PROVIDER_ERRORS, toWalletError } from './errors';
import { activeWallet, refreshBalance } from './session';
import { useWalletStore } from '@/data/wallet-store';

/** EIP-3326: the wallet does not know the requested chain. */
export const UNRECOGNISED_CHAIN = 4902;

/** What wallet_addEthereumChain needs to add `chain` (EIP-3085). */
export function addChainParams(chain: TradingChain) {
  return {
    chainId: chain.hex,
    chainName: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: chain.rpcUrls,
    ...(chain.blockExplorerUrls.length > 0 ? { blockExplorerUrls: chain.blockExplorerUrls } : {}),
  };
}

/** A failed switch as a message a person can act on. */
export function switchError(error: unknown, wallet: string, online: boolean): WalletError {
  if (errorCode(error) === PROVIDER_ERRORS.userRejected) {
    return {
      kind: 'rejected',
      code: PROVIDER_ERRORS.userRejected,
      title: 'Network switch refused',
      message: `${wallet} stayed on its network: the switch to ${TRADING_CHAIN.name} was refused. Artmint trades on ${TRADING_CHAIN.name} only; switch when you are ready.`,
    };
  }
  return toWalletError(error, { wallet, online });
}

const store = () => useWalletStore.getState();

/** Asks the connected wallet to switch to the trading chain; resolves with whether it is on it. */
export async function switchToTradingChain(): Promise<boolean> {
  const current = activeWallet();
  if (!current || store().switching) return false;
  const { provider, name } = current;
  const switchChain = () =>
    provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: TRADING_CHAIN.hex }],
    });
  store().patch({ switching: true, networkError: null });
  try {
    try {
      await switchChain();
    } catch (error) {
      if (errorCode(error) !== UNRECOGNISED_CHAIN) throw error;
      await provider.request({
        method: 'wallet_addEthereumChain',
        params: [addChainParams(TRADING_CHAIN)],
      });
      if ((await getChainId(provider)) !== TRADING_CHAIN.hex) await switchChain();
    }
    const chainId = await getChainId(provider);
    if (activeWallet()?.provider !== provider) return false;
    store().patch({ chainId, switching: false });
    void refreshBalance();
    return chainId === TRADING_CHAIN.hex;
  } catch (error) {
    const online = typeof navigator === 'undefined' || navigator.onLine !== false;
    store().patch({ switching: false, networkError: switchError(error, name, online) });
    return false;
  }
}
