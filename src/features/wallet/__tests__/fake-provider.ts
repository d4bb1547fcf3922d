// A small in-memory EIP-1193 provider for unit tests: scripted answers, real events.
import type { Eip1193Provider, ProviderListener } from '../eip1193';

export const ACCOUNT_A = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
export const ACCOUNT_B = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

export interface FakeProvider extends Eip1193Provider {
  calls: string[];
  /** Answers for each method: a value, or a function (may throw / return a promise). */
  answers: Record<string, unknown>;
  emit(event: string, ...args: unknown[]): void;
  listenerCount(event: string): number;
}

export function rpcError(code: number, message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code });
}

export function createFakeProvider(answers: Record<string, unknown> = {}): FakeProvider {
  const listeners = new Map<string, Set<ProviderListener>>();
  const provider: FakeProvider = {
    calls: [],
    answers: {
      eth_requestAccounts: [ACCOUNT_A],
      eth_accounts: [ACCOUNT_A],
      eth_chainId: '0x1',
      eth_getBalance: '0xde0b6b3a7640000',
      wallet_revokePermissions: null,
      ...answers,
    },
    async request({ method }) {
      provider.calls.push(method);
      const answer = provider.answers[method];
      if (typeof answer === 'function') return (answer as () => unknown)();
      if (answer === undefined) throw rpcError(4200, `Unsupported method ${method}`);
      return answer;
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set<ProviderListener>();
      set.add(listener);
      listeners.set(event, set);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
    emit(event, ...args) {
      listeners.get(event)?.forEach((listener) => listener(...args));
    },
    listenerCount(event) {
      return listeners.get(event)?.size ?? 0;
    },
  };
  return provider;
}

/** Announces `provider` by EIP-6963, as a wallet extension does. */
export function announce(provider: Eip1193Provider, rdns = 'io.metamask', name = 'MetaMask') {
  window.dispatchEvent(
    new CustomEvent('eip6963:announceProvider', {
      detail: Object.freeze({
        info: { uuid: `uuid-${rdns}`, name, icon: 'data:image/svg+xml,<svg/>', rdns },
        provider,
      }),
    }),
  );
}
