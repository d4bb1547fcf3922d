import { useId } from 'react';
import { Button } from '@/components/ui/button';
import styles from './pwa-status.module.css';

interface UpdatePromptProps {
  reloading: boolean;
  onReload: () => void;
  onLater: () => void;
}

/**
 * "A new version is available" with Reload and Later. It never takes focus (the user may be
 * typing) and the page never reloads without the user's choice.
 */
export function UpdatePrompt({ reloading, onReload, onLater }: UpdatePromptProps) {
  const titleId = useId();
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <p id={titleId} className={styles.title}>
        A new version is available
      </p>
      <p className={styles.text}>Reload to update. What you have typed is kept.</p>
      <div className={styles.actions}>
        <Button size="sm" onClick={onReload} busy={reloading}>
          Reload
        </Button>
        <Button size="sm" variant="ghost" onClick={onLater} disabled={reloading}>
          Later
        </Button>
      </div>
    </section>
  );
}
