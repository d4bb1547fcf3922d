import { LinkButton } from '@/components/ui/button';
import { Countdown } from '@/components/ui/countdown';
import { useNow } from '@/lib/clock';
import { COMING_SOON_TARGET } from '@/config/constants';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/time';
import styles from './status.module.css';

/**
 * Coming soon (docs/product.md "Status pages"): counts down to 13 September 2026 06:00 on the
 * shared clock; once that has passed it shows zeros and a "We are live" link home
 * (docs/product.md).
 */
export function ComingSoon() {
  const now = useNow();
  const target = COMING_SOON_TARGET.getTime();
  const live = now >= target;
  return (
    <section className={styles.page} aria-labelledby="coming-soon-title">
      <p className={styles.eyebrow}>{live ? 'Launched' : 'Launching soon'}</p>
      <h1 id="coming-soon-title" className={styles.title}>
        {live ? 'We are live!' : 'Something rare is on its way'}
      </h1>
      <p className={styles.lead}>
        {live
          ? `The countdown to ${formatDate(COMING_SOON_TARGET.toISOString())} is over. Come and discover the collection.`
          : `Our next drop opens on ${formatDate(COMING_SOON_TARGET.toISOString())} at 06:00.`}
      </p>
      <div className={styles.panel}>
        <Countdown target={target} label="Time until launch" showZerosWhenDone />
      </div>
      {live && (
        <LinkButton to={paths.home} variant="primary" size="lg">
          We are live
        </LinkButton>
      )}
    </section>
  );
}
