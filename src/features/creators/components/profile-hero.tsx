// The top of a creator profile (spec "Creator profile"): banner and avatar (on your own
// profile with a local preview of a chosen image), verified badge, name, followers, and Follow
// me / add friend / settings (on someone else's) or settings / become creator (on your own),
// and Share on someone else's (docs/product.md "Beyond the spec": Web Share for creator profiles,
// as for items; your own profile's page here has no public address to share).
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { VerifiedBadge } from '@/components/cards/creator-card';
import { useFollow } from '@/components/cards/use-toggle-saved';
import { LinkButton } from '@/components/ui/button';
import { ShareButton } from '@/components/ui/share-button';
import { paths } from '@/config/paths';
import { CREATOR_AVATAR_SIZE, CREATOR_BANNER_SIZE } from '@/data/sample/image-paths';
import type { Creator } from '@/data/types';
import { FollowActions, SettingsLink } from './follow-actions';
import { ProfileImage } from './profile-image';
import { useImagePreview } from './use-image-preview';
import styles from './profile-hero.module.css';
import { groupThousands } from '@/lib/format-number';

export interface ProfileHeroProps {
  creator: Creator;
  own: boolean;
  /** Own profile only: whether a creator profile has been made yet. */
  saved?: boolean;
  itemCount: number;
}

export function ProfileHero({ creator, own, saved = true, itemCount }: ProfileHeroProps) {
  const follow = useFollow(creator.id, creator.followers);
  const banner = useImagePreview();
  const avatar = useImagePreview();
  const ids = useId();
  const bannerError = `${ids}banner-error`;
  const avatarError = `${ids}avatar-error`;
  const previewing = banner.url !== null || avatar.url !== null;

  return (
    <section className={styles.hero} aria-labelledby={`${ids}name`}>
      <div className={styles.banner}>
        <ProfileImage
          subject="banner"
          src={creator.banner}
          size={CREATOR_BANNER_SIZE}
          preview={banner}
          className={styles.bannerImage}
          picker={own ? { errorId: bannerError, className: styles.bannerPicker } : undefined}
        />
      </div>

      <div className={styles.identity}>
        <div className={styles.avatarWrap}>
          <ProfileImage
            subject="avatar"
            src={creator.avatar}
            size={CREATOR_AVATAR_SIZE}
            preview={avatar}
            className={styles.avatar}
            picker={
              own
                ? { errorId: avatarError, className: styles.avatarPicker, iconOnly: true }
                : undefined
            }
          />
        </div>

        <div className={styles.info}>
          <h1 id={`${ids}name`} className={styles.name}>
            <span>{creator.name}</span>
            {creator.verified && <VerifiedBadge />}
          </h1>
          <p className={styles.handle}>
            <span dir="ltr">{creator.handle}</span>
            {own && <span className={styles.you}>You</span>}
          </p>
          <p className={styles.stats} aria-live="polite">
            <span>
              <strong>{groupThousands(follow.count)}</strong>{' '}
              {follow.count === 1 ? 'follower' : 'followers'}
            </span>
            <span>
              <strong>{itemCount}</strong> {itemCount === 1 ? 'item' : 'items'} created
            </span>
            {!own && follow.on && (
              <span className={styles.following}>You follow {creator.name}</span>
            )}
          </p>
          {creator.bio && <p className={styles.bio}>{creator.bio}</p>}
        </div>

        {own ? (
          <div className={styles.actions}>
            {!saved && (
              <LinkButton to={paths.becomeCreator} variant="primary">
                Become a creator
              </LinkButton>
            )}
            <LinkButton to={paths.uploadWork} variant={saved ? 'primary' : 'secondary'}>
              Upload work
            </LinkButton>
            <SettingsLink own />
          </div>
        ) : (
          <FollowActions name={creator.name} follow={follow}>
            <ShareButton title={creator.name} path={paths.creatorProfile(creator.id)} />
          </FollowActions>
        )}
      </div>

      {own && (banner.error || avatar.error) && (
        <div className={styles.errors}>
          {banner.error && (
            <p id={bannerError} role="alert" className={styles.error}>
              Banner not changed: {banner.error}
            </p>
          )}
          {avatar.error && (
            <p id={avatarError} role="alert" className={styles.error}>
              Avatar not changed: {avatar.error}
            </p>
          )}
        </div>
      )}
      {previewing && (
        <div className={styles.previewNote} role="status">
          <p>
            This is a preview on this screen only; nothing is saved. Set the picture others see in{' '}
            <Link to={paths.creatorProfileEdit}>your profile settings</Link>.
          </p>
          <button
            type="button"
            className={styles.discard}
            onClick={() => {
              banner.discard();
              avatar.discard();
            }}
          >
            Discard preview
          </button>
        </div>
      )}
    </section>
  );
}
