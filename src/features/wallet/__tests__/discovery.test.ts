import { afterEach, describe, expect, it } from 'vitest';
import type { WalletProvider } from '@/data/types';
import {
  findWalletForTile,
  getWallets,
  resetDiscoveryForTests,
  startDiscovery,
  unmatchedWallets,
  waitForWallet,
} from '../discovery';
import { announce, createFakeProvider } from './fake-provider';

const tile = (id: string, title: string, rdns?: string): WalletProvider => ({
  id,
  title,
  image: `/images/generated/wallets/${id}.svg`,
  installUrl: 'https://example.invalid/',
  ...(rdns ? { rdns } : {}),
});
const TILES = [
  tile('metamask', 'MetaMask', 'io.metamask'),
  tile('coinbase', 'Coinbase', 'com.coinbase.wallet'),
  tile('trustwallet', 'Trustwallet', 'com.trustwallet.app'),
  tile('enjin', 'Enjin'),
];
const win = window as unknown as { ethereum?: unknown };

afterEach(() => {
  resetDiscoveryForTests();
  delete win.ethereum;
});

describe('EIP-6963 discovery', () => {
  it('asks wallets to announce themselves and lists those that do', () => {
    const provider = createFakeProvider();
    const onRequest = () => announce(provider);
    window.addEventListener('eip6963:requestProvider', onRequest);
    startDiscovery();
    window.removeEventListener('eip6963:requestProvider', onRequest);
    expect(getWallets()).toEqual([
      expect.objectContaining({ name: 'MetaMask', rdns: 'io.metamask', provider }),
    ]);
  });

  it('ignores malformed announcements and keeps only inline icons', () => {
    startDiscovery();
    const provider = createFakeProvider();
    for (const detail of [
      null,
      {},
      { info: { uuid: 'x', name: 'X', rdns: 'x.y' } },
      { provider },
    ]) {
      window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
    }
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: {
          info: { uuid: 'u', name: 'Evil', icon: 'https://evil.test/i.png', rdns: 'test.evil' },
          provider,
        },
      }),
    );
    expect(getWallets()).toHaveLength(1);
    expect(getWallets()[0]?.icon).toBe('');
  });

  it('falls back to window.ethereum only when no wallet announces itself', () => {
    win.ethereum = Object.assign(createFakeProvider(), { isMetaMask: true });
    startDiscovery();
    expect(getWallets()).toEqual([
      expect.objectContaining({
        uuid: 'injected',
        name: 'MetaMask',
        rdns: null,
        tileHint: 'metamask',
      }),
    ]);
    // The same array while nothing changes (React's useSyncExternalStore needs that).
    expect(getWallets()).toBe(getWallets());
    announce(createFakeProvider(), 'com.coinbase.wallet', 'Coinbase Wallet');
    expect(getWallets().map((w) => w.rdns)).toEqual(['com.coinbase.wallet']);
  });

  it('waits for a wallet that announces itself late', async () => {
    const waiting = waitForWallet((w) => w.rdns === 'io.metamask', 1000);
    announce(createFakeProvider());
    await expect(waiting).resolves.toMatchObject({ rdns: 'io.metamask' });
    await expect(waitForWallet((w) => w.rdns === 'nope.wallet', 10)).resolves.toBeNull();
  });
});

describe('matching found wallets to the provider tiles', () => {
  it('matches by rdns, then by name, then by window.ethereum flags', () => {
    startDiscovery();
    announce(createFakeProvider(), 'io.metamask', 'MetaMask');
    announce(createFakeProvider(), 'com.trustwallet.other', 'Trust Wallet');
    announce(createFakeProvider(), 'io.rabby', 'Rabby Wallet');
    const wallets = getWallets();
    expect(findWalletForTile(TILES[0] as WalletProvider, wallets)?.rdns).toBe('io.metamask');
    expect(findWalletForTile(TILES[2] as WalletProvider, wallets)?.name).toBe('Trust Wallet');
    expect(findWalletForTile(TILES[1] as WalletProvider, wallets)).toBeUndefined();
    expect(unmatchedWallets(TILES, wallets).map((w) => w.name)).toEqual(['Rabby Wallet']);
  });

  it('points window.ethereum at the tile its flags name', () => {
    win.ethereum = Object.assign(createFakeProvider(), {
      isCoinbaseWallet: true,
      isMetaMask: true,
    });
    const wallets = getWallets();
    expect(findWalletForTile(TILES[1] as WalletProvider, wallets)?.uuid).toBe('injected');
    expect(findWalletForTile(TILES[0] as WalletProvider, wallets)).toBeUndefined();
  });
});
