// Follow me and add-friend on a creator's profile (docs/product.md "Creators and profiles", "Follow
// me, add-friend": follow a creator, saved on the device, shown on the profile and counted). Add
// friend is honest about what it does: a friend is a creator you follow, so it follows (once) and
// says where to find them; it never unfollows.
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { SavedToggle } from '@/components/cards/use-toggle-saved';
import { buttonClassName } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icon';
import { PlusIcon } from '@/components/ui/content-icons';
import { showToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { SettingsIcon, UserCheckIcon, UserPlusIcon } from './profile-icons';
import styles from './profile-hero.module.css';

export interface FollowActionsProps {
  name: string;
  follow: SavedToggle;
}

export function FollowMeButton({ name, follow }: FollowActionsProps) {
  return (
    <button
      type="button"
      className={buttonClassName({ variant: follow.on ? 'secondary' : 'primary' })}
      aria-pressed={follow.on}
      aria-busy={follow.busy || undefined}
      title={follow.on ? `You follow ${name}. Press to unfollow.` : `Follow ${name}`}
      onClick={() => {
        if (!follow.busy) follow.toggle();
      }}
    >
      {follow.on ? <CheckIcon /> : <PlusIcon />}
      Follow me
    </button>
  );
}

export function AddFriendButton({ name, follow }: FollowActionsProps) {
  // Confirms only once the follow is saved (a refused write shows the hook's error instead).
  const pending = useRef(false);
  useEffect(() => {
    if (!pending.current || follow.busy) return;
    pending.current = false;
    if (!follow.on) return;
    showToast({
      tone: 'success',
      title: `${name} added as a friend`,
      description: 'You now follow them; find them under Following on your profile.',
    });
  }, [follow.on, follow.busy, name]);
  return (
    <button
      type="button"
      className={buttonClassName({ variant: 'secondary', iconOnly: true })}
      aria-label={`Add ${name} as a friend`}
      title={follow.on ? `${name} is a friend: you follow them` : `Add ${name} as a friend`}
      aria-busy={follow.busy || undefined}
      onClick={() => {
        if (follow.busy) return;
        if (follow.on) {
          showToast({
            tone: 'info',
            title: `${name} is already a friend`,
            description: 'You follow them; they are listed under Following on your profile.',
          });
          return;
        }
        pending.current = true;
        follow.toggle();
      }}
    >
      {follow.on ? <UserCheckIcon /> : <UserPlusIcon />}
    </button>
  );
}

export function SettingsLink({ own }: { own: boolean }) {
  return (
    <Link
      to={paths.creatorProfileEdit}
      className={buttonClassName({ variant: 'secondary', iconOnly: true })}
      aria-label={own ? 'Profile settings' : 'Your profile settings'}
      title={own ? 'Profile settings' : 'Your profile settings'}
    >
      <SettingsIcon />
    </Link>
  );
}

/** Follow me, add friend and settings, then `children` (the profile's Share). */
export function FollowActions({
  name,
  follow,
  children,
}: FollowActionsProps & { children?: ReactNode }) {
  return (
    <div className={styles.actions}>
      <FollowMeButton name={name} follow={follow} />
      <AddFriendButton name={name} follow={follow} />
      <SettingsLink own={false} />
      {children}
    </div>
  );
}
