import { useState } from 'react';
import { SecondsCountdown } from '@/components/ui/countdown';
import { EmailSubscribeForm } from '@/components/forms/email-subscribe-form';
import { subscribeToNewsletter } from '@/data/newsletter';
import { MAINTENANCE_SECONDS } from '@/config/constants';
import styles from './status.module.css';

/** Maintenance (docs/product.md "Status pages"): 3599-second countdown stopping at 0, email
 * subscribe. */
export function Maintenance() {
  const [startedAt] = useState(() => Date.now());
  return (
    <section className={styles.page} aria-labelledby="maintenance-title">
      <p className={styles.eyebrow}>Scheduled maintenance</p>
      <h1 id="maintenance-title" className={styles.title}>
        We are polishing the gallery
      </h1>
      <p className={styles.lead}>
        The marketplace will be back shortly. Everything saved on your device stays where it is.
      </p>
      <div className={styles.panel}>
        <SecondsCountdown startedAt={startedAt} seconds={MAINTENANCE_SECONDS} />
      </div>
      <p className={styles.lead}>Leave your email and we will tell you when we are back.</p>
      <div className={styles.form}>
        <EmailSubscribeForm
          onSubscribe={(email) => subscribeToNewsletter(email, 'maintenance')}
          buttonLabel="Notify me"
        />
      </div>
    </section>
  );
}
