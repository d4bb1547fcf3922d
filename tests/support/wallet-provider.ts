// A test wallet for the end-to-end tests: an EIP-1193 provider injected before the app loads,
// announced by EIP-6963 (or set only as window.ethereum), that forwards JSON-RPC to the real
// dev node through a Playwright binding, so the page itself makes no request off its origin.
// It keeps a wallet's own state (which account, which chain, whether this site may use it),
// emits accountsChanged / chainChanged / disconnect, and a test can make its next connect
// request fail with a code (4001, -32002...).
import type { Page } from '@playwright/test';
import type { DevNode, RpcResponse } from './wallet-node';

export type TestWalletMode = 'eip6963' | 'injected';

export interface TestWalletOptions {
  mode: TestWalletMode;
  /** Reject every request while the browser is offline, as a wallet backed by a remote node does. */
  needsNetwork?: boolean;
  /** The chain the wallet is on at first (hex), a second chain; else the node's own chain. */
  startChain?: string;
  /** Chains the wallet does not know until wallet_addEthereumChain adds them (switch: 4902). */
  unknownChains?: string[];
}

/** What a test can do to the wallet from outside (page.evaluate on window.__testWallet). */
export interface TestWalletControl {
  /** Switch to the node's account `index` (emits accountsChanged when this site has access). */
  setAccount(index: number): Promise<void>;
  /** Report another chain (emits chainChanged). */
  setChain(chainId: string): void;
  /** Make the next eth_requestAccounts fail with this error. */
  failNext(code: number, message: string): void;
  /** Make the next wallet_switchEthereumChain fail with this error (4001: the user refused). */
  failNextSwitch(code: number, message: string): void;
  /** The chains wallet_addEthereumChain was asked to add (their params). */
  added: unknown[];
  /** Keep the next eth_requestAccounts waiting (as a wallet does while its prompt is open). */
  holdNext(): void;
  /** Answer the held request. */
  release(): void;
  /** Emit an EIP-1193 disconnect event. */
  disconnect(): void;
  /** Methods the app called, in order, since this document loaded. */
  calls: string[];
}

const BINDING = '__testWalletRpc';

/** Installs the test wallet on `page` (call before page.goto). */
export async function installTestWallet(
  page: Page,
  node: DevNode,
  options: TestWalletOptions,
): Promise<void> {
  await page.exposeFunction(BINDING, (method: string, params: unknown[]): Promise<RpcResponse> =>
    node.send(method, params),
  );
  await page.addInitScript(testWalletScript, { ...options, binding: BINDING });
}

type TestWindow = Window & { __testWallet: TestWalletControl };

/** Drives the test wallet of `page` from the test. */
export function walletControls(page: Page) {
  return {
    setAccount: (index: number) =>
      page.evaluate((i) => (window as unknown as TestWindow).__testWallet.setAccount(i), index),
    setChain: (chainId: string) =>
      page.evaluate((id) => (window as unknown as TestWindow).__testWallet.setChain(id), chainId),
    failNext: (code: number, message: string) =>
      page.evaluate(([c, m]) => (window as unknown as TestWindow).__testWallet.failNext(c, m), [
        code,
        message,
      ] as const),
    failNextSwitch: (code: number, message: string) =>
      page.evaluate(
        ([c, m]) => (window as unknown as TestWindow).__testWallet.failNextSwitch(c, m),
        [code, message] as const,
      ),
    added: () => page.evaluate(() => [...(window as unknown as TestWindow).__testWallet.added]),
    holdNext: () => page.evaluate(() => (window as unknown as TestWindow).__testWallet.holdNext()),
    release: () => page.evaluate(() => (window as unknown as TestWindow).__testWallet.release()),
    disconnect: () =>
      page.evaluate(() => (window as unknown as TestWindow).__testWallet.disconnect()),
    calls: () => page.evaluate(() => [...(window as unknown as TestWindow).__testWallet.calls]),
  };
}

/** The init script (runs in the page, before the app): must not use anything from outside. */
function testWalletScript(options: TestWalletOptions & { binding: string }) {
  type Listener = (...args: unknown[]) => void;
  type RpcError = Error & { code: number };
  const STATE_KEY = 'test-wallet:state';
  interface WalletState {
    authorized: boolean;
    accountIndex: number;
    chainId: string | null;
  }
  const load = (): WalletState => {
    try {
      const saved = JSON.parse(sessionStorage.getItem(STATE_KEY) ?? 'null') as WalletState | null;
      if (saved) return saved;
    } catch {
      // start fresh
    }
    return { authorized: false, accountIndex: 0, chainId: options.startChain ?? null };
  };
  const state = load();
  const save = () => sessionStorage.setItem(STATE_KEY, JSON.stringify(state));
  const listeners = new Map<string, Set<Listener>>();
  const emit = (event: string, ...args: unknown[]) =>
    listeners.get(event)?.forEach((listener) => listener(...args));
  const fail = (code: number, message: string): RpcError =>
    Object.assign(new Error(message), { code });
  const calls: string[] = [];
  let nextFailure: { code: number; message: string } | null = null;
  let nextSwitchFailure: { code: number; message: string } | null = null;
  const unknown = new Set(options.unknownChains ?? []);
  const added: unknown[] = [];
  let hold = false;
  let release: (() => void) | null = null;
  let nodeAccounts: string[] | null = null;

  const bridge = (window as unknown as Record<string, unknown>)[options.binding] as (
    method: string,
    params: unknown[],
  ) => Promise<{ result?: unknown; error?: { code: number; message: string } }>;

  const forward = async (method: string, params: unknown[] = []): Promise<unknown> => {
    const { result, error } = await bridge(method, params);
    if (error) throw fail(error.code, error.message);
    return result;
  };
  const accounts = async (): Promise<string[]> => {
    nodeAccounts ??= (await forward('eth_accounts')) as string[];
    return nodeAccounts;
  };
  const current = async () => {
    const list = await accounts();
    return list[state.accountIndex] ?? list[0] ?? '';
  };

  const provider = {
    isMetaMask: true,
    async request({ method, params }: { method: string; params?: unknown[] }): Promise<unknown> {
      calls.push(method);
      if (options.needsNetwork && !navigator.onLine) {
        throw fail(4900, 'The wallet could not reach its network.');
      }
      switch (method) {
        case 'eth_requestAccounts': {
          if (nextFailure) {
            const { code, message } = nextFailure;
            nextFailure = null;
            throw fail(code, message);
          }
          if (hold) {
            hold = false;
            await new Promise<void>((resolve) => (release = resolve));
          }
          state.authorized = true;
          save();
          return [await current()];
        }
        case 'eth_accounts':
          return state.authorized ? [await current()] : [];
        case 'eth_chainId':
          return state.chainId ?? forward('eth_chainId');
        case 'wallet_switchEthereumChain': {
          const [{ chainId }] = (params ?? [{}]) as [{ chainId?: string }];
          if (nextSwitchFailure) {
            const { code, message } = nextSwitchFailure;
            nextSwitchFailure = null;
            throw fail(code, message);
          }
          if (typeof chainId !== 'string') throw fail(-32602, 'Invalid chainId.');
          if (unknown.has(chainId)) throw fail(4902, `Unrecognized chain ID "${chainId}".`);
          const nodeChain = (await forward('eth_chainId')) as string;
          // On the node's chain the wallet answers from the node again; else it reports the chain.
          state.chainId = chainId === nodeChain ? null : chainId;
          save();
          emit('chainChanged', chainId);
          return null;
        }
        case 'wallet_addEthereumChain': {
          const [chain] = (params ?? []) as [{ chainId?: string }];
          added.push(chain);
          if (typeof chain?.chainId === 'string') unknown.delete(chain.chainId);
          return null;
        }
        case 'wallet_revokePermissions':
          state.authorized = false;
          save();
          return null;
        default:
          return forward(method, params ?? []);
      }
    },
    on(event: string, listener: Listener) {
      const set = listeners.get(event) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(event, set);
      return provider;
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
  };

  const control: TestWalletControl = {
    async setAccount(index) {
      state.accountIndex = index;
      save();
      if (state.authorized) emit('accountsChanged', [await current()]);
    },
    setChain(chainId) {
      state.chainId = chainId;
      save();
      emit('chainChanged', chainId);
    },
    failNext(code, message) {
      nextFailure = { code, message };
    },
    failNextSwitch(code, message) {
      nextSwitchFailure = { code, message };
    },
    added,
    holdNext() {
      hold = true;
    },
    release() {
      release?.();
      release = null;
    },
    disconnect() {
      emit('disconnect', fail(4900, 'The wallet lost its connection.'));
    },
    calls,
  };
  (window as unknown as { __testWallet: TestWalletControl }).__testWallet = control;

  if (options.mode === 'injected') {
    (window as unknown as { ethereum: unknown }).ethereum = provider;
    return;
  }
  const icon =
    'data:image/svg+xml,' +
    encodeURIComponent(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#f6851b"/></svg>',
    );
  const detail = Object.freeze({
    info: Object.freeze({ uuid: crypto.randomUUID(), name: 'MetaMask', icon, rdns: 'io.metamask' }),
    provider,
  });
  const announce = () =>
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
}
