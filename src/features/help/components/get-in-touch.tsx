import type { ReactNode } from 'react';
import { LinkButton } from '@/components/ui/button';
import { paths } from '@/config/paths';
import styles from './help.module.css';

export interface GetInTouchProps {
  /** Heading level, to fit the page outline (default 2). */
  level?: 2 | 3;
  /** The support request form; without it the block links to the support page. */
  children?: ReactNode;
}

/**
 * The "Have Question? Get in touch!" block (docs/product.md "Help centre", "Shared blocks"):
 * a Contact us button to /helpcenter-support, or the support request form itself.
 */
export function GetInTouch({ level = 2, children }: GetInTouchProps) {
  const Heading = `h${level}` as const;
  return (
    <section className={`surface-raised ${styles.touch}`} aria-labelledby="get-in-touch-title">
      <div className={styles.touchText}>
        <Heading id="get-in-touch-title" className={styles.touchTitle}>
          Have Question? Get in touch!
        </Heading>
        <p className={styles.muted}>
          Tell us what you need and we will get back to you by email. Your request is kept in the
          outbox on this device, so it is safe even if you are offline.
        </p>
      </div>
      {children ?? (
        <LinkButton to={paths.helpSupport} variant="primary">
          Contact us
        </LinkButton>
      )}
    </section>
  );
}
