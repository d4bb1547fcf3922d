// An unknown creator id (spec "Creator profile": a name fallback when the creator is unknown;
// docs/product.md: unknown ids show a not-found view inside the layout with a way back).
import { LinkButton } from '@/components/ui/button';
import { UserIcon } from '@/components/ui/content-icons';
import { paths } from '@/config/paths';
import styles from './creator-profile-page.module.css';

export const UNKNOWN_CREATOR_NAME = 'Unknown creator';

export function UnknownCreator({ requested }: { requested: string }) {
  return (
    <section className={styles.unknown} aria-labelledby="unknown-creator-title">
      <div className={styles.unknownBanner} aria-hidden="true" />
      <span className={styles.unknownAvatar} aria-hidden="true">
        <UserIcon size="3rem" />
      </span>
      <h1 id="unknown-creator-title" className={styles.unknownTitle}>
        {UNKNOWN_CREATOR_NAME}
      </h1>
      <p className={styles.unknownText}>
        We could not find a creator
        {requested ? (
          <>
            {' '}
            with the id <q>{requested}</q>
          </>
        ) : null}
        . The link may be mistyped, or the creator has left Artmint.
      </p>
      <div className={styles.unknownActions}>
        <LinkButton to={paths.creators} variant="primary">
          Browse all creators
        </LinkButton>
        <LinkButton to={paths.home} variant="secondary">
          Back to Home
        </LinkButton>
      </div>
    </section>
  );
}
