// The creator profile screen (docs/product.md "Creators and profiles"): hero and tabs, with a
// breadcrumb back to the creators list. An unknown id shows the not-found view instead
// (app/routes/creator-profile).
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { paths } from '@/config/paths';
import type { CreatorProfile } from '../api';
import { ProfileHero } from './profile-hero';
import { ProfileTabs } from './profile-tabs';
import styles from './creator-profile-page.module.css';

export function CreatorProfilePage({ profile }: { profile: CreatorProfile }) {
  const current = profile.own ? 'Your profile' : profile.creator.name;
  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumb
        items={[
          { label: 'Home', to: paths.home },
          { label: 'Creators', to: paths.creators },
          { label: current },
        ]}
      />
      {/* Keyed by creator: moving between profiles starts with fresh previews and follow state. */}
      <div key={profile.creator.id} className={styles.body}>
        <ProfileHero
          creator={profile.creator}
          own={profile.own}
          saved={profile.saved}
          itemCount={profile.created.total}
        />
        <ProfileTabs profile={profile} />
      </div>
    </div>
  );
}
