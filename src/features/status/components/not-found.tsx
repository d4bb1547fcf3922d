import { LinkButton } from '@/components/ui/button';
import { paths } from '@/config/paths';
import styles from './status.module.css';

interface NotFoundProps {
  /** What was not found, for unknown ids ("item", "creator"...). */
  what?: string;
  backTo?: { label: string; to: string };
  /** Says more than "not found" (an item not saved on this device, offline). */
  lead?: string;
  /** The code and heading instead of "404" and "Page Not Found?" (not a missing page). */
  code?: string;
  title?: string;
}

/** The 404 page (docs/product.md "Status pages"): every unknown URL shows it. */
export function NotFound({
  what,
  backTo,
  lead,
  code = '404',
  title = 'Page Not Found?',
}: NotFoundProps) {
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">
        {code}
      </p>
      <h1 id="not-found-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.lead}>
        {lead ??
          (what
            ? `Whoops, this is embarassing. Looks like the ${what} you were looking for wasn't found.`
            : "Whoops, this is embarassing. Looks like the page you were looking for wasn't found.")}
      </p>
      <div className={styles.actions}>
        <LinkButton to={paths.home} variant="primary">
          Back to Home
        </LinkButton>
        {backTo && (
          <LinkButton to={backTo.to} variant="secondary">
            {backTo.label}
          </LinkButton>
        )}
      </div>
    </section>
  );
}
