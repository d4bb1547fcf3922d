import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import {
  EMPTY_SESSION,
  useWalletStore,
  validateRemembered,
  WALLET_STORE_VERSION,
} from '@/data/wallet-store';

const KEY = STORAGE_KEYS.wallet;

function stored(state: unknown, version = WALLET_STORE_VERSION) {
  localStorage.setItem(KEY, JSON.stringify({ state, version }));
}

beforeEach(() => {
  useWalletStore.setState({ remembered: null, ...EMPTY_SESSION });
  localStorage.clear();
});

describe('validateRemembered', () => {
  it('accepts a tile id with an rdns, or with null for window.ethereum', () => {
    expect(validateRemembered({ id: 'metamask', rdns: 'io.metamask' })).toEqual({
      id: 'metamask',
      rdns: 'io.metamask',
    });
    expect(validateRemembered({ id: 'metamask', rdns: null })).toEqual({
      id: 'metamask',
      rdns: null,
    });
    expect(validateRemembered(null)).toBeNull();
  });

  it('rejects anything else', () => {
    for (const bad of [
      'metamask',
      42,
      [],
      {},
      { id: 'MetaMask!', rdns: 'io.metamask' },
      { id: '', rdns: null },
      { id: 'metamask' },
      { id: 'metamask', rdns: 'not a domain' },
      { id: 'metamask', rdns: 7 },
      { id: 'metamask', rdns: `${'a'.repeat(100)}.com` },
    ]) {
      expect(validateRemembered(bad)).toBeUndefined();
    }
  });
});

describe('useWalletStore persistence (only the remembered wallet)', () => {
  it('reads a valid remembered wallet back', async () => {
    stored({ remembered: { id: 'coinbase', rdns: 'com.coinbase.wallet' } });
    await useWalletStore.persist.rehydrate();
    expect(useWalletStore.getState().remembered).toEqual({
      id: 'coinbase',
      rdns: 'com.coinbase.wallet',
    });
  });

  it('resets a corrupt remembered wallet and never reads a session back', async () => {
    stored({
      remembered: { id: '<img src=x>', rdns: 'io.metamask' },
      account: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      balanceWei: '1000',
      status: 'connected',
    });
    await useWalletStore.persist.rehydrate();
    const state = useWalletStore.getState();
    expect(state.remembered).toBeNull();
    expect(state.account).toBeNull();
    expect(state.balanceWei).toBeNull();
    expect(state.status).toBe('idle');
  });

  it('drops unparsable JSON and a state from an unknown version', async () => {
    localStorage.setItem(KEY, '{"state": {"remembered": ');
    await useWalletStore.persist.rehydrate();
    expect(useWalletStore.getState().remembered).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();

    stored({ remembered: { id: 'metamask', rdns: 'io.metamask' } }, WALLET_STORE_VERSION + 1);
    await useWalletStore.persist.rehydrate();
    expect(useWalletStore.getState().remembered).toBeNull();
  });

  it('writes the remembered wallet only: never the account or a balance', () => {
    useWalletStore.getState().patch({
      status: 'connected',
      account: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      chainId: '0x1',
      balanceState: 'ready',
    });
    useWalletStore.getState().remember({ id: 'metamask', rdns: 'io.metamask' });
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as {
      state: Record<string, unknown>;
      version: number;
    };
    expect(saved).toEqual({
      state: { remembered: { id: 'metamask', rdns: 'io.metamask' } },
      version: WALLET_STORE_VERSION,
    });
  });
});
