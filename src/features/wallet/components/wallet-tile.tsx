import { useId } from 'react';
import { WalletIcon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import styles from './wallet-tile.module.css';

export type TileState = 'connected' | 'installed' | 'missing';

interface WalletTileProps {
  title: string;
  /** The logo; '' shows a generic wallet mark. */
  image: string;
  state: TileState;
  /** This tile's request is waiting for the user. */
  pending: boolean;
  /** Another request is waiting: choosing this tile does nothing meanwhile. */
  blocked: boolean;
  onChoose: () => void;
}

const STATE_TEXT: Record<TileState, string> = {
  connected: 'Connected',
  installed: 'Installed',
  missing: 'Not installed',
};

/** One provider of the grid: its image and title, and whether it is installed or connected. */
export function WalletTile({ title, image, state, pending, blocked, onChoose }: WalletTileProps) {
  const statusId = useId();
  return (
    <li className={styles.item}>
      <button
        type="button"
        className={styles.tile}
        data-state={state}
        aria-describedby={statusId}
        aria-busy={pending || undefined}
        aria-disabled={blocked || undefined}
        onClick={() => {
          if (!pending && !blocked) onChoose();
        }}
      >
        {image ? (
          <img src={image} alt="" width={56} height={56} className={styles.logo} />
        ) : (
          <span className={`${styles.logo} ${styles.placeholder}`} aria-hidden="true">
            <WalletIcon />
          </span>
        )}
        <span className={styles.title}>{title}</span>
        <span id={statusId} className={styles.status} data-state={pending ? 'pending' : state}>
          {pending ? (
            <>
              <Spinner size="sm" />
              Check your wallet
            </>
          ) : (
            STATE_TEXT[state]
          )}
        </span>
      </button>
    </li>
  );
}
