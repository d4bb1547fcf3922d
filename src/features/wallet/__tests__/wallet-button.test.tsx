import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { WalletButton } from '../components/wallet-button';
import { WalletSummary } from '../components/wallet-summary';
import { EMPTY_SESSION, useWalletStore } from '@/data/wallet-store';

const ACCOUNT = '0x1234567890AbcdEF1234567890aBcdef12345678';

beforeEach(() => useWalletStore.setState({ remembered: null, ...EMPTY_SESSION }));

describe('WalletButton (header)', () => {
  it('links to /wallet with "Connect Wallet" while no wallet is connected', () => {
    render(<WalletButton />, { wrapper: MemoryRouter });
    expect(screen.getByRole('link', { name: 'Connect Wallet' })).toHaveAttribute('href', '/wallet');
  });

  it('shows the connected account shortened to 6 + ... + 7 characters', () => {
    useWalletStore.setState({ status: 'connected', account: ACCOUNT, chainId: '0x1' });
    render(<WalletButton />, { wrapper: MemoryRouter });
    const link = screen.getByRole('link', { name: 'Wallet connected: 0x1234...2345678' });
    expect(link).toHaveTextContent('0x1234...2345678');
    expect(link).toHaveAttribute('title', ACCOUNT);
    expect(screen.queryByText('Connect Wallet')).not.toBeInTheDocument();
  });
});

describe('WalletSummary (profile dropdown)', () => {
  it('shows the address, the network name and the balance read from the wallet', () => {
    useWalletStore.setState({
      status: 'connected',
      account: ACCOUNT,
      walletName: 'MetaMask',
      chainId: '0xaa36a7',
      balanceWei: 1_234_567_891_234_567_891_234n,
      balanceState: 'ready',
    });
    render(<WalletSummary open={false} />);
    const summary = screen.getByRole('region', { name: 'Connected wallet' });
    expect(summary).toHaveTextContent('0x1234...2345678');
    expect(summary).toHaveTextContent('Sepolia testnet');
    expect(screen.getByText('1,234.5678 ETH')).toHaveAttribute(
      'title',
      '1234.567891234567891234 ETH',
    );
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeEnabled();
  });

  it('says when the balance could not be read', () => {
    useWalletStore.setState({
      status: 'connected',
      account: ACCOUNT,
      chainId: '0x1',
      balanceState: 'error',
      balanceError: 'MetaMask needs the network for this request.',
    });
    render(<WalletSummary open={false} />);
    expect(screen.getByText('Unavailable')).toBeInTheDocument();
    expect(screen.getByText('MetaMask needs the network for this request.')).toBeInTheDocument();
  });
});
