import type { RefObject } from 'react';
import { Button, LinkButton } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { Item } from '@shared/types';
import styles from './upload.module.css';

/** What was saved and where to see it, after an upload. */
export function UploadSuccess({
  item,
  headingRef,
  onAgain,
}: {
  item: Item;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onAgain: () => void;
}) {
  return (
    <section className={`surface-raised ${styles.success}`} aria-labelledby="upload-saved">
      <h2 id="upload-saved" ref={headingRef} tabIndex={-1} className={styles.successTitle}>
        &ldquo;{item.title}&rdquo; is uploaded
      </h2>
      <p>
        It is saved on this device with its image, listed in Explore and search, and shown on your
        profile, even offline. It syncs to the marketplace for every collector.
      </p>
      <div className={styles.actions}>
        <LinkButton to={paths.itemDetail(item.id)}>View your item</LinkButton>
        <LinkButton to={paths.exploreOne} variant="secondary">
          See it in Explore
        </LinkButton>
        <LinkButton to={paths.creatorProfile()} variant="secondary">
          Your profile
        </LinkButton>
        <Button variant="ghost" onClick={onAgain}>
          Upload another
        </Button>
      </div>
    </section>
  );
}
