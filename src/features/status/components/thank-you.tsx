import { useSearchParams } from 'react-router-dom';
import { LinkButton } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { describeSaved } from '../saved-kinds';
import styles from './status.module.css';

/**
 * Thank you (docs/product.md): the confirmation after a form submission, saying what was saved
 * and where to see it. Opened as /thankyou?saved=<kind>&next=<path>.
 */
export function ThankYou() {
  const [params] = useSearchParams();
  const saved = describeSaved(params.get('saved'), params.get('next'));
  return (
    <section className={styles.page} aria-labelledby="thank-you-title">
      <p className={styles.eyebrow}>All done</p>
      <h1 id="thank-you-title" className={styles.title}>
        Thank you!
      </h1>
      <p className={styles.lead}>{saved.message}</p>
      <div className={styles.actions}>
        {saved.next && (
          <LinkButton to={saved.next.to} variant="primary">
            {saved.next.label}
          </LinkButton>
        )}
        <LinkButton to={paths.home} variant={saved.next ? 'secondary' : 'primary'}>
          Back to Home
        </LinkButton>
      </div>
    </section>
  );
}
