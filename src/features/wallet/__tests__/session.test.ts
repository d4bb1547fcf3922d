import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useToasts } from '@/components/ui/toast';
import {
  getWallets,
  resetDiscoveryForTests,
  startDiscovery,
  type DiscoveredWallet,
} from '../discovery';
import { connect, disconnect, refreshBalance, resetSessionForTests, restore } from '../session';
import { EMPTY_SESSION, useWalletStore } from '@/data/wallet-store';
import {
  ACCOUNT_A,
  ACCOUNT_B,
  announce,
  createFakeProvider,
  rpcError,
  type FakeProvider,
} from './fake-provider';

const state = () => useWalletStore.getState();

function discovered(provider: FakeProvider): DiscoveredWallet {
  startDiscovery();
  announce(provider);
  const wallet = getWallets()[0];
  if (!wallet) throw new Error('not announced');
  return wallet;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  useWalletStore.setState({ remembered: null, ...EMPTY_SESSION });
  useToasts.getState().clear();
});
afterEach(() => {
  resetSessionForTests();
  resetDiscoveryForTests();
});

describe('connect', () => {
  it('asks for accounts, reads chain and balance, and remembers the wallet by rdns', async () => {
    const provider = createFakeProvider();
    const wallet = discovered(provider);
    await expect(connect({ id: 'metamask', name: 'MetaMask', wallet })).resolves.toBe(true);
    await settle();
    expect(provider.calls).toEqual(['eth_requestAccounts', 'eth_chainId', 'eth_getBalance']);
    expect(state()).toMatchObject({
      status: 'connected',
      account: ACCOUNT_A,
      chainId: '0x1',
      walletId: 'metamask',
      balanceWei: 10n ** 18n,
      balanceState: 'ready',
      remembered: { id: 'metamask', rdns: 'io.metamask' },
    });
  });

  it('sends no second request while the first waits for the user', async () => {
    let approve: (accounts: string[]) => void = () => undefined;
    const provider = createFakeProvider({
      eth_requestAccounts: () => new Promise((resolve) => (approve = resolve)),
    });
    const wallet = discovered(provider);
    const first = connect({ id: 'metamask', name: 'MetaMask', wallet });
    expect(state().pendingId).toBe('metamask');
    await expect(connect({ id: 'metamask', name: 'MetaMask', wallet })).resolves.toBe(false);
    expect(provider.calls.filter((m) => m === 'eth_requestAccounts')).toHaveLength(1);
    approve([ACCOUNT_A]);
    await expect(first).resolves.toBe(true);
    expect(state().pendingId).toBeNull();
  });

  it.each([
    [4001, 'Request rejected'],
    [-32002, 'Request already pending'],
  ])('shows code %i as "%s" and keeps working', async (code, title) => {
    const provider = createFakeProvider({
      eth_requestAccounts: () => Promise.reject(rpcError(code, 'nope')),
    });
    const wallet = discovered(provider);
    await expect(connect({ id: 'metamask', name: 'MetaMask', wallet })).resolves.toBe(false);
    expect(state()).toMatchObject({ status: 'idle', pendingId: null, remembered: null });
    expect(state().error?.title).toBe(title);
    provider.answers.eth_requestAccounts = [ACCOUNT_A];
    await expect(connect({ id: 'metamask', name: 'MetaMask', wallet })).resolves.toBe(true);
    expect(state().error).toBeNull();
  });
});

describe('following the wallet', () => {
  it('follows accountsChanged, chainChanged and disconnect', async () => {
    const provider = createFakeProvider();
    const wallet = discovered(provider);
    await connect({ id: 'metamask', name: 'MetaMask', wallet });
    provider.answers.eth_getBalance = '0x2';
    provider.emit('accountsChanged', [ACCOUNT_B]);
    await settle();
    expect(state()).toMatchObject({ account: ACCOUNT_B, balanceWei: 2n });
    provider.emit('chainChanged', '0xaa36a7');
    expect(state().chainId).toBe('0xaa36a7');

    provider.emit('disconnect', rpcError(4900, 'Disconnected'));
    expect(state()).toMatchObject({ status: 'idle', account: null });
    // A lost network is not the user asking to forget the wallet.
    expect(state().remembered).toEqual({ id: 'metamask', rdns: 'io.metamask' });
    expect(useToasts.getState().toasts[0]).toMatchObject({ title: 'Wallet disconnected' });
    expect(provider.listenerCount('accountsChanged')).toBe(0);
  });

  it('forgets the wallet when it shares no account any more', async () => {
    const provider = createFakeProvider();
    await connect({ id: 'metamask', name: 'MetaMask', wallet: discovered(provider) });
    provider.emit('accountsChanged', []);
    expect(state()).toMatchObject({ status: 'idle', remembered: null });
  });

  it('reports a balance that cannot be read, without dropping the connection', async () => {
    const provider = createFakeProvider({
      eth_getBalance: () => Promise.reject(rpcError(-32603, 'Failed to fetch')),
    });
    await connect({ id: 'metamask', name: 'MetaMask', wallet: discovered(provider) });
    await refreshBalance();
    expect(state()).toMatchObject({ status: 'connected', balanceWei: null, balanceState: 'error' });
    expect(state().balanceError).toMatch(/Failed to fetch/);
  });
});

describe('restore and disconnect', () => {
  it('restores a remembered wallet with eth_accounts, without a prompt', async () => {
    const provider = createFakeProvider();
    state().remember({ id: 'metamask', rdns: 'io.metamask' });
    const restoring = restore();
    announce(provider);
    await restoring;
    expect(provider.calls).not.toContain('eth_requestAccounts');
    expect(provider.calls[0]).toBe('eth_accounts');
    expect(state()).toMatchObject({
      status: 'connected',
      account: ACCOUNT_A,
      walletId: 'metamask',
    });
  });

  it('forgets a remembered wallet that no longer shares an account', async () => {
    const provider = createFakeProvider({ eth_accounts: [] });
    state().remember({ id: 'metamask', rdns: 'io.metamask' });
    startDiscovery();
    announce(provider);
    await restore();
    expect(state()).toMatchObject({ status: 'idle', remembered: null });
  });

  it('disconnect forgets the wallet and asks it to revoke access', async () => {
    const provider = createFakeProvider();
    await connect({ id: 'metamask', name: 'MetaMask', wallet: discovered(provider) });
    await disconnect();
    expect(state()).toMatchObject({ status: 'idle', account: null, remembered: null });
    expect(provider.calls).toContain('wallet_revokePermissions');
    expect(provider.listenerCount('chainChanged')).toBe(0);
  });
});

describe('after a disconnect event', () => {
  it('does not silently restore the wallet again in the same page load', async () => {
    const provider = createFakeProvider();
    await connect({ id: 'metamask', name: 'MetaMask', wallet: discovered(provider) });
    provider.emit('disconnect', rpcError(4900, 'Disconnected'));
    await restore();
    expect(state().status).toBe('idle');
    expect(provider.calls).not.toContain('eth_accounts');
  });
});
