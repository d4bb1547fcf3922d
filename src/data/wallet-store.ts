// The wallet state (docs/product.md "States", "Wallet"). Only the remembered wallet (its tile id
// and EIP-6963 rdns) is persisted, versioned and validated on read; the account, network and
// balance always come from the wallet itself. Small on purpose: the header reads it on every
// route, while the discovery and connect code (features/wallet/session.ts) is loaded with
// import() when needed. Here, below the features, because several show it (the header's menu,
// the checkout's network notice); the wallet feature writes it.
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { persistOptions, type MigrationSteps } from '@/lib/persisted';

export type WalletErrorKind =
  | 'rejected'
  | 'pending'
  | 'unauthorized'
  | 'disconnected'
  | 'chain-disconnected'
  | 'offline'
  | 'unknown';

export interface WalletError {
  kind: WalletErrorKind;
  /** The provider's error code, when it gave one. */
  code: number | null;
  title: string;
  message: string;
}

export interface RememberedWallet {
  /** The provider tile the user chose ("metamask"), or "eip6963" for a wallet with no tile. */
  id: string;
  /** The wallet's EIP-6963 rdns ("io.metamask"); null when it came from window.ethereum. */
  rdns: string | null;
}

interface WalletPersisted {
  remembered: RememberedWallet | null;
}

export type WalletStatus = 'idle' | 'restoring' | 'connected';
export type BalanceState = 'idle' | 'loading' | 'ready' | 'error';

export interface WalletSession {
  status: WalletStatus;
  /** The tile whose connect request is waiting for the user; null when none is. */
  pendingId: string | null;
  /** The connected tile's id and the wallet's name. */
  walletId: string | null;
  walletName: string | null;
  account: string | null;
  /** Hex chain id, as eth_chainId returns it. */
  chainId: string | null;
  balanceWei: bigint | null;
  balanceState: BalanceState;
  /** Why the balance could not be read (shown beside it). */
  balanceError: string | null;
  /** The last connect error, shown on the wallet page until dismissed or retried. */
  error: WalletError | null;
  /** A switch to the trading chain is waiting for the wallet. */
  switching: boolean;
  /** Why the last switch to the trading chain failed (a refusal, 4001...), until the next try. */
  networkError: WalletError | null;
}

interface WalletState extends WalletPersisted, WalletSession {
  patch: (next: Partial<WalletSession>) => void;
  remember: (wallet: RememberedWallet | null) => void;
  clearError: () => void;
}

export const WALLET_STORE_VERSION = 1;
export const walletMigrations: MigrationSteps = {};

export const EMPTY_SESSION: WalletSession = {
  status: 'idle',
  pendingId: null,
  walletId: null,
  walletName: null,
  account: null,
  chainId: null,
  balanceWei: null,
  balanceState: 'idle',
  balanceError: null,
  error: null,
  switching: false,
  networkError: null,
};

const WALLET_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;
const RDNS = /^[a-z0-9][a-z0-9-]*(\.[a-z0-9-]+)+$/i;

/** A stored remembered wallet, or undefined when the stored value is not one (then reset). */
export function validateRemembered(value: unknown): RememberedWallet | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { id, rdns } = value as Record<string, unknown>;
  if (typeof id !== 'string' || !WALLET_ID.test(id)) return undefined;
  if (rdns === null) return { id, rdns: null };
  if (typeof rdns !== 'string' || rdns.length > 100 || !RDNS.test(rdns)) return undefined;
  return { id, rdns };
}

export const useWalletStore = create<WalletState>()(
  persist(
    (set) => ({
      remembered: null,
      ...EMPTY_SESSION,
      patch: (next) => set(next),
      remember: (wallet) => set({ remembered: wallet }),
      clearError: () => set({ error: null }),
    }),
    persistOptions<WalletPersisted, WalletState>({
      name: STORAGE_KEYS.wallet,
      version: WALLET_STORE_VERSION,
      migrations: walletMigrations,
      fields: { remembered: validateRemembered },
    }),
  ),
);

/** The connected account, or null (what the header button shows). */
export const selectAccount = (s: WalletSession) => (s.status === 'connected' ? s.account : null);

// The switch to the trading chain is the wallet feature's (it talks to the wallet); the app
// hands it in, so the network notice, shown by other features too, can offer it.
let networkSwitcher: () => Promise<unknown> = async () => undefined;

export function setNetworkSwitcher(next: () => Promise<unknown>): void {
  networkSwitcher = next;
}

/** Asks the connected wallet to move to the chain Artmint trades on. */
export function switchToTradingChain(): Promise<unknown> {
  return networkSwitcher();
}
