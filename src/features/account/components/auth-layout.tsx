import type { ReactNode } from 'react';
import text from '@/styles/text.module.css';
import styles from './auth-layout.module.css';

/** The centred card every account page uses: an eyebrow, the page's one h1, a lead, the form. */
export function AuthLayout({
  eyebrow,
  title,
  lead,
  children,
  footer,
  aside,
}: {
  eyebrow: string;
  title: string;
  lead: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Shown above the title (e.g. the lock screen's avatar). */
  aside?: ReactNode;
}) {
  return (
    <div className={styles.page}>
      <div className={`container ${styles.inner}`}>
        <section className={styles.card} aria-labelledby="auth-title">
          {aside}
          <p className={text.eyebrow}>{eyebrow}</p>
          <h1 id="auth-title" className={styles.title}>
            {title}
          </h1>
          <p className={styles.lead}>{lead}</p>
          {children}
          {footer && <div className={styles.footer}>{footer}</div>}
        </section>
      </div>
    </div>
  );
}
