// The top of a creator profile (docs/product.md "Creators and profiles"): banner and avatar (on
// your own profile with a local preview of a chosen image, then saved: kept on the device and
// synced, so everyone sees it; src/data/profile-pictures.ts), verified badge, name, followers, and
// Follow me / add friend / settings (on someone else's) or settings / become creator (on your own),
// and Share (docs/product.md "Beyond the spec": Web Share for creator profiles, as for items;
// your own profile once it is public: made, under a server account, whose id is its creator's).
import { useId, useState } from 'react';
import { VerifiedBadge } from '@/components/cards/creator-card';
import { useFollow } from '@/components/cards/use-toggle-saved';
import { LinkButton, Button } from '@/components/ui/button';
import { ShareButton } from '@/components/ui/share-button';
import { paths } from '@/config/paths';
import { describeSubmitError } from '@/components/forms/submit-error';
import { saveProfilePicture, type ProfilePicture } from '@/data/profile-pictures';
import { useSessionStore } from '@/data/session-store';
import { CREATOR_AVATAR_SIZE, CREATOR_BANNER_SIZE } from '@shared/sample/image-paths';
import type { Creator } from '@shared/types';
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
  const accountId = useSessionStore((state) => state.user?.id ?? null);
  // The address everyone can open: someone else's profile, or your own once it is public.
  const publicId = own ? (saved && accountId !== null ? accountId : null) : creator.id;
  const share = publicId !== null && (
    <ShareButton title={creator.name} path={paths.creatorProfile(publicId)} />
  );
  // The pictures saved from here (device references), shown instead of the loaded ones.
  const [savedPictures, setSavedPictures] = useState<Partial<Record<ProfilePicture, string>>>({});
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const savePictures = async () => {
    setSaving(true);
    setOutcome(null);
    const done: string[] = [];
    try {
      for (const [kind, preview] of [
        ['banner', banner],
        ['avatar', avatar],
      ] as const) {
        if (!preview.file) continue;
        const { ref } = await saveProfilePicture(kind, preview.file, preview.file.type);
        setSavedPictures((all) => ({ ...all, [kind]: ref }));
        preview.discard();
        done.push(kind);
      }
      const what = done.join(' and ');
      setOutcome({
        ok: true,
        text: `${what.charAt(0).toUpperCase()}${what.slice(1)} saved. ${done.length > 1 ? 'They sync' : 'It syncs'} to the marketplace, where everyone sees ${done.length > 1 ? 'them' : 'it'}.`,
      });
    } catch (error) {
      setOutcome({ ok: false, text: `Not saved: ${describeSubmitError(error).message}` });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className={styles.hero} aria-labelledby={`${ids}name`}>
      <div className={styles.banner}>
        <ProfileImage
          subject="banner"
          src={savedPictures.banner ?? creator.banner}
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
            src={savedPictures.avatar ?? creator.avatar}
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
            {share}
          </div>
        ) : (
          <FollowActions name={creator.name} follow={follow}>
            {share}
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
        <div className={styles.previewNote}>
          <p>
            A preview of your new{' '}
            {[banner.url && 'banner', avatar.url && 'avatar'].filter(Boolean).join(' and ')}, on
            this screen only until you save it.
          </p>
          <div className={styles.previewActions}>
            <Button size="sm" busy={saving} onClick={() => void savePictures()}>
              Save picture
            </Button>
            <button
              type="button"
              className={styles.discard}
              disabled={saving}
              onClick={() => {
                banner.discard();
                avatar.discard();
              }}
            >
              Discard preview
            </button>
          </div>
        </div>
      )}
      {own && (
        <p
          className={outcome ? styles.previewNote : 'visually-hidden'}
          role={outcome?.ok === false ? 'alert' : 'status'}
        >
          {outcome?.text}
        </p>
      )}
    </section>
  );
}
