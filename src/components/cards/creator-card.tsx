// Creator card (docs/product.md "Creators and profiles" creator grid block, "Home variants" best
// creators).
//
// Props:
// - creator: the Creator to show (avatar, name, handle, verified, followers).
// - rank: optional position in a ranking (1-based), shown before the avatar.
// - stat: optional figure under the name, e.g. "248.6 ETH" for sales in a period;
//   statLabel names it for screen readers (e.g. "Sales this week").
// - headingLevel: level of the title heading (default 3, under a section's h2).
// - as: 'article' (default) or 'li'; className for the grid cell.
//
// The follow button really follows the creator on this device (through the DeviceSource the
// app provides): a toggle button (aria-pressed) labelled "Follow <name>", with the follower count. It is not
// shown on the local user's own profile card (you cannot follow yourself).
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { LOCAL_USER_ID, type Creator } from '@shared/types';
import { Card } from '@/components/ui/card';
import { CheckIcon } from '@/components/ui/icon';
import { PlusIcon } from '@/components/ui/content-icons';
import { CardImage } from './card-image';
import { useFollow, type SavedToggle } from './use-toggle-saved';
import { classNames } from '@/lib/class-names';
import styles from './creator-card.module.css';
import { formatCompact } from '@/lib/format-number';

export interface CreatorCardProps {
  creator: Creator;
  rank?: number;
  stat?: string;
  statLabel?: string;
  headingLevel?: 2 | 3 | 4;
  as?: 'article' | 'li';
  className?: string;
}

/** "18.2K followers", "1 follower". */
export function followersText(n: number): string {
  return `${formatCompact(n)} ${n === 1 ? 'follower' : 'followers'}`;
}

export function VerifiedBadge() {
  return (
    <svg
      className={styles.badge}
      viewBox="0 0 24 24"
      width="18"
      height="18"
      role="img"
      aria-label="Verified"
    >
      <title>Verified</title>
      <path
        fill="currentColor"
        d="M12 1.5 14.6 3.6 18 3.4 18.9 6.6 21.8 8.4 20.7 11.6 21.8 14.8 18.9 16.6 18 19.8 14.6 19.6 12 21.7 9.4 19.6 6 19.8 5.1 16.6 2.2 14.8 3.3 11.6 2.2 8.4 5.1 6.6 6 3.4 9.4 3.6Z"
      />
      <path
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="m8 11.8 2.7 2.7L16 9.3"
      />
    </svg>
  );
}

function FollowButton({ creator, follow }: { creator: Creator; follow: SavedToggle }) {
  return (
    <button
      type="button"
      className={styles.follow}
      aria-pressed={follow.on}
      aria-busy={follow.busy || undefined}
      aria-label={`Follow ${creator.name}`}
      title={follow.on ? 'Following' : 'Follow'}
      onClick={() => {
        if (!follow.busy) follow.toggle();
      }}
    >
      {follow.on ? <CheckIcon /> : <PlusIcon />}
      <span className={styles.followText} aria-hidden="true">
        {follow.on ? 'Following' : 'Follow'}
      </span>
    </button>
  );
}

export function CreatorCard({
  creator,
  rank,
  stat,
  statLabel,
  headingLevel = 3,
  as = 'article',
  className,
}: CreatorCardProps) {
  const Heading = `h${headingLevel}` as const;
  const follow = useFollow(creator.id, creator.followers);
  const canFollow = creator.id !== LOCAL_USER_ID;
  return (
    <Card as={as} padding="sm" interactive className={classNames(styles.card, className)}>
      {rank !== undefined && (
        <span className={styles.rank}>
          <span className="visually-hidden">Rank </span>
          {rank}
        </span>
      )}
      <span className={styles.avatarWrap}>
        <CardImage src={creator.avatar} alt="" width={64} height={64} className={styles.avatar} />
        {creator.verified && (
          <span className={styles.badgeWrap}>
            <VerifiedBadge />
          </span>
        )}
      </span>
      <div className={styles.text}>
        <Heading className={`card-title ${styles.name}`}>
          <Link to={paths.creatorProfile(creator.id)}>{creator.name}</Link>
        </Heading>
        {stat !== undefined && (
          <p className={styles.stat}>
            {statLabel && <span className="visually-hidden">{statLabel}: </span>}
            <span dir="ltr">{stat}</span>
          </p>
        )}
        <p className={styles.handle}>
          {stat === undefined && <span>{creator.handle} · </span>}
          {followersText(follow.count)}
        </p>
      </div>
      {canFollow && <FollowButton creator={creator} follow={follow} />}
    </Card>
  );
}
