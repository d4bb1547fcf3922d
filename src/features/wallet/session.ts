// Connecting, restoring and following a wallet (docs/product.md "States", "Calls outside the app").
// Loaded with import() on /wallet, or by the header when a remembered wallet is to be restored:
// never on other routes otherwise. Writes what it learns into the wallet store.
import { showToast } from '@/components/ui/toast';
import { injectedWallet, waitForWallet, type DiscoveredWallet } from './discovery';
import {
  getAccounts,
  getBalance,
  getChainId,
  parseAccounts,
  requestAccounts,
  revokeAccess,
  type ProviderListener,
} from './eip1193';
import { errorCode, PROVIDER_ERRORS, toWalletError, WalletRequestError } from './errors';
import type { WalletError } from '@/data/wallet-store';
import { normaliseChainId } from '@/lib/networks';
import { EMPTY_SESSION, useWalletStore } from '@/data/wallet-store';

/** How long a restore waits for the remembered wallet to announce itself. */
export const RESTORE_WAIT_MS = 1500;
/** A balance read that takes longer than this is reported as failed. */
export const BALANCE_TIMEOUT_MS = 15_000;

interface ActiveWallet {
  id: string;
  wallet: DiscoveredWallet;
  detach: () => void;
}

let active: ActiveWallet | null = null;
let balanceRequest = 0;
let restoreStarted = false;

const store = () => useWalletStore.getState();
const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;
const describe = (error: unknown, wallet: string): WalletError =>
  toWalletError(error, { wallet, online: isOnline() });

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(
      () => reject(new WalletRequestError(-32603, 'The wallet did not answer in time.')),
      ms,
    );
    promise.then(
      (value) => {
        window.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        window.clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Reads the connected account's balance from the wallet (never from storage). */
export async function refreshBalance(): Promise<void> {
  const current = active;
  const { account } = store();
  if (!current || !account) return;
  balanceRequest += 1;
  const request = balanceRequest;
  store().patch({ balanceState: 'loading', balanceError: null });
  try {
    const wei = await withTimeout(getBalance(current.wallet.provider, account), BALANCE_TIMEOUT_MS);
    if (request !== balanceRequest || active !== current) return;
    store().patch({ balanceWei: wei, balanceState: 'ready' });
  } catch (error) {
    if (request !== balanceRequest || active !== current) return;
    const { message } = describe(error, current.wallet.name);
    store().patch({ balanceWei: null, balanceState: 'error', balanceError: message });
  }
}

function endSession(notice: WalletError | null, forget: boolean) {
  active?.detach();
  active = null;
  balanceRequest += 1;
  store().patch({ ...EMPTY_SESSION });
  if (forget) store().remember(null);
  if (notice) showToast({ tone: 'error', title: notice.title, description: notice.message });
}

function attach(id: string, wallet: DiscoveredWallet): ActiveWallet {
  const { provider } = wallet;
  const onAccounts: ProviderListener = (accounts) => {
    if (active?.wallet !== wallet) return;
    const [first] = parseAccounts(accounts);
    if (!first) {
      // The wallet was locked, or this site's access was removed in the wallet.
      endSession(null, true);
      showToast({
        tone: 'info',
        title: 'Wallet disconnected',
        description: `${wallet.name} no longer shares an account with Artmint.`,
      });
      return;
    }
    store().patch({ account: first, balanceWei: null });
    void refreshBalance();
  };
  const onChain: ProviderListener = (chainId) => {
    const next = normaliseChainId(chainId);
    if (active?.wallet !== wallet || next === null) return;
    store().patch({ chainId: next, balanceWei: null, networkError: null });
    void refreshBalance();
  };
  const onDisconnect: ProviderListener = (error) => {
    if (active?.wallet !== wallet) return;
    // Kept remembered: the wallet lost its network, the user did not ask to forget it.
    const reason =
      errorCode(error) === null ? new WalletRequestError(PROVIDER_ERRORS.disconnected, '') : error;
    endSession(describe(reason, wallet.name), false);
  };
  provider.on?.('accountsChanged', onAccounts);
  provider.on?.('chainChanged', onChain);
  provider.on?.('disconnect', onDisconnect);
  return {
    id,
    wallet,
    detach: () => {
      provider.removeListener?.('accountsChanged', onAccounts);
      provider.removeListener?.('chainChanged', onChain);
      provider.removeListener?.('disconnect', onDisconnect);
    },
  };
}

async function open(id: string, wallet: DiscoveredWallet, accounts: string[]): Promise<void> {
  const [account] = accounts;
  if (!account) {
    throw new WalletRequestError(PROVIDER_ERRORS.unauthorized, 'The wallet shared no account.');
  }
  const chainId = await getChainId(wallet.provider);
  // This page load has had its session: a later disconnect is not silently restored.
  restoreStarted = true;
  active?.detach();
  active = attach(id, wallet);
  store().patch({
    status: 'connected',
    walletId: id,
    walletName: wallet.name,
    account,
    chainId,
    balanceWei: null,
    error: null,
  });
  store().remember({ id, rdns: wallet.rdns });
  void refreshBalance();
}

export interface ConnectTarget {
  /** The tile id ("metamask"), or "eip6963" for a found wallet with no tile. */
  id: string;
  /** The name shown to the user. */
  name: string;
  wallet: DiscoveredWallet;
}

/**
 * Asks the wallet for account access (eth_requestAccounts): only on a user action. While the
 * request waits for the user, further calls do nothing, so a second click sends no request.
 * Resolves with whether the wallet is now connected.
 */
export async function connect(target: ConnectTarget): Promise<boolean> {
  const { pendingId, status } = store();
  if (pendingId !== null || status === 'restoring') return false;
  store().patch({ pendingId: target.id, error: null });
  try {
    const accounts = await requestAccounts(target.wallet.provider);
    await open(target.id, { ...target.wallet, name: target.name }, accounts);
    store().patch({ pendingId: null });
    return true;
  } catch (error) {
    store().patch({ pendingId: null, error: describe(error, target.name) });
    return false;
  }
}

/**
 * Restores the remembered wallet without a prompt (eth_accounts), once per page load. A wallet
 * that no longer shares an account is forgotten; one that is not found now is kept for later.
 */
export async function restore(): Promise<void> {
  const { remembered, status } = store();
  if (restoreStarted || !remembered || status !== 'idle' || active) return;
  restoreStarted = true;
  store().patch({ status: 'restoring' });
  const wallet =
    remembered.rdns === null
      ? injectedWallet()
      : await waitForWallet((w) => w.rdns === remembered.rdns, RESTORE_WAIT_MS);
  if (!wallet) {
    store().patch({ status: 'idle' });
    return;
  }
  try {
    const accounts = await getAccounts(wallet.provider);
    if (accounts.length === 0) {
      endSession(null, true);
      return;
    }
    await open(remembered.id, wallet, accounts);
  } catch (error) {
    store().patch({ status: 'idle' });
    const notice = describe(error, wallet.name);
    showToast({ tone: 'error', title: notice.title, description: notice.message });
  }
}

/** Forgets the wallet here (and asks it to revoke this site's access where it can). */
export async function disconnect(): Promise<void> {
  const current = active;
  endSession(null, true);
  if (current) await revokeAccess(current.wallet.provider);
}

/** The connected wallet's provider and name (for a network switch), or null. */
export function activeWallet(): { provider: DiscoveredWallet['provider']; name: string } | null {
  return active ? { provider: active.wallet.provider, name: active.wallet.name } : null;
}

/** For tests: drop the connection and allow another restore. */
export function resetSessionForTests(): void {
  active?.detach();
  active = null;
  restoreStarted = false;
}
