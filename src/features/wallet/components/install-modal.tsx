import { Button, ExternalLinkButton } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import type { WalletProvider } from '@/data/types';
import { networkNote } from '../network-wallets';
import styles from './install-modal.module.css';

interface InstallModalProps {
  provider: WalletProvider | null;
  online: boolean;
  onClose: () => void;
}

/** The install-wallet modal (docs/product.md "Error messages"): closable, with where to get it. */
export function InstallModal({ provider, online, onClose }: InstallModalProps) {
  const note = provider ? networkNote(provider.id) : null;
  return (
    <Modal
      open={provider !== null}
      onClose={onClose}
      size="sm"
      title={provider ? `Install ${provider.title}` : ''}
      footer={
        provider && (
          <>
            <Button variant="secondary" onClick={onClose}>
              Not now
            </Button>
            <ExternalLinkButton href={provider.installUrl}>Get {provider.title}</ExternalLinkButton>
          </>
        )
      }
    >
      {provider && (
        <div className={styles.body}>
          <img src={provider.image} alt="" width={72} height={72} className={styles.logo} />
          <div className={styles.text}>
            <p className={styles.lead}>{provider.title} was not found in this browser.</p>
            {note && <p>{note}</p>}
            <p>
              Get it from its official site, then reload this page and choose {provider.title}{' '}
              again. Artmint never asks for your recovery phrase.
            </p>
          </div>
          {!online && (
            <p role="status" className={styles.offline}>
              {note
                ? `You are offline, and ${provider.title} needs the network to connect. Reconnect to the internet and try again.`
                : `You are offline. Getting ${provider.title} needs the network; reconnect to the internet first.`}
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}
