import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icon';
import { AlertIcon } from '@/components/ui/icon';
import { showToast } from '@/components/ui/toast';
import { WALLET_PROVIDER_COUNT } from '@/config/constants';
import type { WalletProvider } from '@/data/types';
import { findWalletForTile, unmatchedWallets, type DiscoveredWallet } from '../discovery';
import { connect } from '../session';
import { useWalletStore } from '@/data/wallet-store';
import { useOnline } from '@/lib/use-online';
import { useDiscoveredWallets } from '../use-wallets';
import { InstallModal } from './install-modal';
import { WalletStatus } from './wallet-status';
import { WalletTile, type TileState } from './wallet-tile';
import text from '@/styles/text.module.css';
import styles from './wallet-page.module.css';

/** The id a wallet with no tile of its own is remembered by. */
const UNLISTED_ID = 'eip6963';

/** The Wallet Connect screen (docs/product.md "Wallet"): the providers' grid, install modal,
 * errors. */
export function WalletPage({ providers }: { providers: WalletProvider[] }) {
  const wallets = useDiscoveredWallets();
  const online = useOnline();
  const [installFor, setInstallFor] = useState<WalletProvider | null>(null);
  const { pendingId, status, walletId, rdns, error, clearError } = useWalletStore(
    useShallow((s) => ({
      pendingId: s.pendingId,
      status: s.status,
      walletId: s.status === 'connected' ? s.walletId : null,
      rdns: s.remembered?.rdns ?? null,
      error: s.error,
      clearError: s.clearError,
    })),
  );
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (error) alertRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [error]);
  // A message about an earlier visit to this page is not shown again.
  useEffect(() => () => clearError(), [clearError]);

  const tiles = providers.slice(0, WALLET_PROVIDER_COUNT);
  const extras = unmatchedWallets(tiles, wallets);
  const busy = pendingId !== null || status === 'restoring';

  const start = async (id: string, name: string, wallet: DiscoveredWallet) => {
    if (await connect({ id, name, wallet })) {
      showToast({ tone: 'success', title: `Connected with ${name}` });
    }
  };
  const choose = (tile: WalletProvider) => {
    const wallet = findWalletForTile(tile, wallets);
    if (!wallet) {
      clearError();
      setInstallFor(tile);
      return;
    }
    void start(tile.id, tile.title, wallet);
  };

  const stateOf = (id: string, installed: boolean, walletRdns: string | null): TileState => {
    if (walletId === id && (id !== UNLISTED_ID || walletRdns === rdns)) return 'connected';
    return installed ? 'installed' : 'missing';
  };

  return (
    <div className="container screen-stack">
      <header className={`title-stack ${styles.head}`}>
        <p className={text.eyebrow}>Wallet Connect</p>
        <h1 className={text.title}>Connect your wallet</h1>
        <p className={text.lead}>
          Choose the wallet you use. Artmint reads your address, network and balance from it; it
          never moves funds and never asks for your recovery phrase.
        </p>
      </header>

      <WalletStatus found={wallets.map((w) => w.name)} />

      {error && (
        <div ref={alertRef} role="alert" className={styles.alert} data-kind={error.kind}>
          <AlertIcon className={styles.alertIcon} />
          <div className={styles.alertText}>
            <p className={styles.alertTitle}>{error.title}</p>
            <p>{error.message}</p>
          </div>
          <Button
            variant="ghost"
            size="sm"
            iconOnly
            aria-label="Dismiss message"
            onClick={clearError}
          >
            <CloseIcon />
          </Button>
        </div>
      )}

      <section aria-labelledby="wallet-grid-title">
        <h2 id="wallet-grid-title" className={styles.sectionTitle}>
          Wallet providers
        </h2>
        <ul className={`plain-list ${styles.grid}`}>
          {tiles.map((tile) => {
            const wallet = findWalletForTile(tile, wallets);
            return (
              <WalletTile
                key={tile.id}
                title={tile.title}
                image={tile.image}
                state={stateOf(tile.id, wallet !== undefined, wallet?.rdns ?? null)}
                pending={pendingId === tile.id}
                blocked={busy && pendingId !== tile.id}
                onChoose={() => choose(tile)}
              />
            );
          })}
        </ul>
      </section>

      {extras.length > 0 && (
        <section aria-labelledby="wallet-extra-title">
          <h2 id="wallet-extra-title" className={styles.sectionTitle}>
            Also found in this browser
          </h2>
          <ul className={`plain-list ${styles.grid}`}>
            {extras.map((wallet) => (
              <WalletTile
                key={wallet.uuid}
                title={wallet.name}
                image={wallet.icon}
                state={stateOf(UNLISTED_ID, true, wallet.rdns)}
                pending={pendingId === UNLISTED_ID}
                blocked={busy && pendingId !== UNLISTED_ID}
                onChoose={() => void start(UNLISTED_ID, wallet.name, wallet)}
              />
            ))}
          </ul>
        </section>
      )}

      <InstallModal provider={installFor} online={online} onClose={() => setInstallFor(null)} />
    </div>
  );
}
