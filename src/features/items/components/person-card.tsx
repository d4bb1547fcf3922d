import { Link } from 'react-router-dom';
import { CardImage } from '@/components/cards/card-image';
import { VerifiedBadgeIcon } from '@/components/ui/content-icons';
import { paths } from '@/config/paths';
import type { Person } from '../api';
import styles from './person-card.module.css';

/** A creator or owner of the item, linking to their profile (the user's own for "you"). */
export function PersonCard({ label, person }: { label: 'Creator' | 'Owner'; person: Person }) {
  const to = person.isYou ? paths.creatorProfile() : paths.creatorProfile(person.id);
  return (
    <Link to={to} className={styles.card}>
      <CardImage src={person.avatar} alt="" width={48} height={48} className={styles.avatar} />
      <span className={styles.text}>
        <span className={styles.role}>{label}</span>
        <span className={styles.name}>
          <span className={styles.nameText}>{person.name}</span>
          {person.verified && (
            <VerifiedBadgeIcon title="Verified creator" className={styles.badge} />
          )}
          {person.isYou && <span className={styles.you}>You</span>}
        </span>
      </span>
    </Link>
  );
}
