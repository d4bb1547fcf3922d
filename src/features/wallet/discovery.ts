// Finds the browser's wallets: EIP-6963 announcements (every wallet, each with its rdns), and
// `window.ethereum` as the fallback when no wallet announces itself.
import type { WalletProvider } from '@/data/types';
import { isEip1193Provider, type Eip1193Provider } from './eip1193';

export interface DiscoveredWallet {
  /** EIP-6963 uuid; "injected" for window.ethereum. */
  uuid: string;
  name: string;
  /** The announced icon (a data: URI), or '' when there is none. */
  icon: string;
  /** EIP-6963 reverse-DNS id; null for the window.ethereum fallback. */
  rdns: string | null;
  /** For window.ethereum: the tile its flags point to (isMetaMask -> "metamask"). */
  tileHint: string | null;
  provider: Eip1193Provider;
}

const ANNOUNCE_EVENT = 'eip6963:announceProvider';
const REQUEST_EVENT = 'eip6963:requestProvider';
const RDNS = /^[a-z0-9][a-z0-9-]*(\.[a-z0-9-]+)+$/i;

/** window.ethereum flags, most specific first (many wallets also set isMetaMask). */
const INJECTED_FLAGS: readonly (readonly [flag: string, tileId: string, name: string])[] = [
  ['isCoinbaseWallet', 'coinbase', 'Coinbase Wallet'],
  ['isTrust', 'trustwallet', 'Trust Wallet'],
  ['isTrustWallet', 'trustwallet', 'Trust Wallet'],
  ['isBinance', 'binance', 'Binance Wallet'],
  ['isBitski', 'bitski', 'Bitski'],
  ['isTorus', 'torus', 'Torus'],
  ['isMetaMask', 'metamask', 'MetaMask'],
];

const announced = new Map<string, DiscoveredWallet>();
const subscribers = new Set<() => void>();
let started = false;
let dirty = true;
let snapshot: readonly DiscoveredWallet[] = [];
let snapshotEthereum: unknown;

function readAnnouncement(detail: unknown): DiscoveredWallet | null {
  if (typeof detail !== 'object' || detail === null) return null;
  const { info, provider } = detail as { info?: unknown; provider?: unknown };
  if (typeof info !== 'object' || info === null || !isEip1193Provider(provider)) return null;
  const { uuid, name, icon, rdns } = info as Record<string, unknown>;
  if (typeof uuid !== 'string' || !uuid || typeof name !== 'string' || !name.trim()) return null;
  if (typeof rdns !== 'string' || !RDNS.test(rdns)) return null;
  return {
    uuid,
    name: name.trim().slice(0, 60),
    // Only inline images: an announcement must not make the page load something remote.
    icon: typeof icon === 'string' && icon.startsWith('data:image/') ? icon : '',
    rdns,
    tileHint: null,
    provider,
  };
}

function onAnnounce(event: Event) {
  const wallet = readAnnouncement((event as CustomEvent<unknown>).detail);
  if (!wallet) return;
  const known = announced.get(wallet.uuid);
  if (known && known.provider === wallet.provider) return;
  announced.set(wallet.uuid, wallet);
  dirty = true;
  subscribers.forEach((notify) => notify());
}

/** Starts listening for announcements (once) and asks every wallet to announce itself. */
export function startDiscovery(): void {
  if (typeof window === 'undefined') return;
  if (!started) {
    started = true;
    window.addEventListener(ANNOUNCE_EVENT, onAnnounce);
  }
  window.dispatchEvent(new Event(REQUEST_EVENT));
}

function injectedProvider(): Eip1193Provider | null {
  if (typeof window === 'undefined') return null;
  const ethereum = (window as unknown as { ethereum?: unknown }).ethereum;
  return isEip1193Provider(ethereum) ? ethereum : null;
}

/** window.ethereum as a wallet, named after its flags; null when there is none. */
export function injectedWallet(): DiscoveredWallet | null {
  const provider = injectedProvider();
  if (!provider) return null;
  const flags = provider as unknown as Record<string, unknown>;
  const hit = INJECTED_FLAGS.find(([flag]) => flags[flag] === true);
  return {
    uuid: 'injected',
    name: hit ? hit[2] : 'Browser wallet',
    icon: '',
    rdns: null,
    tileHint: hit ? hit[1] : null,
    provider,
  };
}

/** The wallets found: those announced, or window.ethereum when none announced (stable array). */
export function getWallets(): readonly DiscoveredWallet[] {
  const ethereum = injectedProvider();
  if (dirty || (announced.size === 0 && ethereum !== snapshotEthereum)) {
    snapshotEthereum = ethereum;
    const fallback = announced.size === 0 ? injectedWallet() : null;
    snapshot = announced.size > 0 ? [...announced.values()] : fallback ? [fallback] : [];
    dirty = false;
  }
  return snapshot;
}

export function subscribeWallets(notify: () => void): () => void {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
}

/** Resolves with the first wallet `match` accepts, waiting up to `timeoutMs` for it to announce. */
export function waitForWallet(
  match: (wallet: DiscoveredWallet) => boolean,
  timeoutMs: number,
): Promise<DiscoveredWallet | null> {
  startDiscovery();
  const now = getWallets().find(match);
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => {
    const done = (wallet: DiscoveredWallet | null) => {
      window.clearTimeout(timer);
      unsubscribe();
      resolve(wallet);
    };
    const unsubscribe = subscribeWallets(() => {
      const found = getWallets().find(match);
      if (found) done(found);
    });
    const timer = window.setTimeout(() => done(getWallets().find(match) ?? null), timeoutMs);
  });
}

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The found wallet behind a provider tile: by rdns first, then by name, then by flags. */
export function findWalletForTile(
  tile: WalletProvider,
  wallets: readonly DiscoveredWallet[],
): DiscoveredWallet | undefined {
  const rdns = tile.rdns?.toLowerCase();
  const byRdns = rdns ? wallets.find((w) => w.rdns?.toLowerCase() === rdns) : undefined;
  if (byRdns) return byRdns;
  const title = squash(tile.title);
  return wallets.find((w) =>
    w.rdns === null ? w.tileHint === tile.id : title !== '' && squash(w.name).startsWith(title),
  );
}

/** Found wallets that none of the tiles stand for (shown as extra choices). */
export function unmatchedWallets(
  tiles: readonly WalletProvider[],
  wallets: readonly DiscoveredWallet[],
): DiscoveredWallet[] {
  const matched = new Set(
    tiles.map((tile) => findWalletForTile(tile, wallets)).filter((w) => w !== undefined),
  );
  return wallets.filter((w) => !matched.has(w));
}

/** For tests: forget every announcement. */
export function resetDiscoveryForTests(): void {
  announced.clear();
  dirty = true;
  if (started && typeof window !== 'undefined')
    window.removeEventListener(ANNOUNCE_EVENT, onAnnounce);
  started = false;
}
