import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { walletProviders } from '@/data/sample/wallets';
import { resetDiscoveryForTests } from '../discovery';
import { resetSessionForTests } from '../session';
import { EMPTY_SESSION, useWalletStore } from '@/data/wallet-store';
import { WalletPage } from '../components/wallet-page';
import { ACCOUNT_A, announce, createFakeProvider, rpcError } from './fake-provider';

function renderPage() {
  return render(<WalletPage providers={walletProviders} />, { wrapper: MemoryRouter });
}

beforeEach(() => useWalletStore.setState({ remembered: null, ...EMPTY_SESSION }));
afterEach(() => {
  resetSessionForTests();
  resetDiscoveryForTests();
});

describe('WalletPage', () => {
  it('shows the 11 providers, none installed, and the install modal for the one chosen', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Connect your wallet' }),
    ).toBeInTheDocument();
    const grid = screen.getByRole('list');
    expect(within(grid).getAllByRole('button')).toHaveLength(11);
    expect(screen.getByText('No wallet found in this browser.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Coinbase/ }));
    const dialog = screen.getByRole('dialog', { name: 'Install Coinbase' });
    expect(within(dialog).getByRole('link', { name: /Get Coinbase/ })).toHaveAttribute(
      'href',
      'https://www.coinbase.com/wallet/downloads',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Enjin/ }));
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('marks an announced wallet as installed and connects through it', async () => {
    const user = userEvent.setup();
    const provider = createFakeProvider();
    const onRequest = () => announce(provider);
    window.addEventListener('eip6963:requestProvider', onRequest);
    renderPage();
    window.removeEventListener('eip6963:requestProvider', onRequest);

    const metamask = screen.getByRole('button', { name: /^MetaMask/ });
    expect(metamask).toHaveAccessibleDescription('Installed');
    await user.click(metamask);
    expect(
      await screen.findByRole('heading', { name: 'Connected with MetaMask' }),
    ).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_A)).toBeInTheDocument();
    expect(screen.getByText('Ethereum Mainnet')).toBeInTheDocument();
    expect(await screen.findByText('1 ETH')).toBeInTheDocument();
    expect(metamask).toHaveAccessibleDescription('Connected');
  });

  it('shows a rejection and lets the user try again', async () => {
    const user = userEvent.setup();
    const provider = createFakeProvider({
      eth_requestAccounts: () => Promise.reject(rpcError(4001, 'User rejected the request.')),
    });
    window.addEventListener('eip6963:requestProvider', () => announce(provider), { once: true });
    renderPage();
    await user.click(screen.getByRole('button', { name: /^MetaMask/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Request rejected');
    expect(alert).toHaveTextContent('You rejected the request in MetaMask.');
    await user.click(within(alert).getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the chosen tile busy and the others blocked while the wallet asks the user', async () => {
    const user = userEvent.setup();
    const provider = createFakeProvider({
      eth_requestAccounts: () => new Promise(() => undefined),
    });
    window.addEventListener('eip6963:requestProvider', () => announce(provider), { once: true });
    renderPage();
    const metamask = screen.getByRole('button', { name: /^MetaMask/ });
    await user.click(metamask);
    await user.click(metamask);
    expect(metamask).toHaveAttribute('aria-busy', 'true');
    expect(metamask).toHaveAccessibleDescription('Check your wallet');
    expect(screen.getByRole('button', { name: /^Coinbase/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(provider.calls.filter((m) => m === 'eth_requestAccounts')).toHaveLength(1);
  });

  it('says offline that a wallet which needs the network cannot connect', async () => {
    const user = userEvent.setup();
    const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      renderPage();
      await user.click(screen.getByRole('button', { name: /^Wallet Connect/ }));
      const dialog = screen.getByRole('dialog', { name: 'Install Wallet Connect' });
      expect(within(dialog).getByRole('status')).toHaveTextContent(
        'You are offline, and Wallet Connect needs the network to connect.',
      );
    } finally {
      delete (navigator as unknown as Record<string, unknown>).onLine;
      if (online) Object.defineProperty(Navigator.prototype, 'onLine', online);
    }
  });
});
