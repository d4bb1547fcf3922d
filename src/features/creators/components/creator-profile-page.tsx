// The creator profile screen (spec "Creator profile"): hero and tabs, or the unknown-creator
// fallback. Breadcrumb back to the creators list.
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { paths } from '@/config/paths';
import type { CreatorProfileData } from '../api';
import { ProfileHero } from './profile-hero';
import { ProfileTabs } from './profile-tabs';
import { UNKNOWN_CREATOR_NAME, UnknownCreator } from './unknown-creator';
import styles from './creator-profile-page.module.css';

export function CreatorProfilePage({ data }: { data: CreatorProfileData }) {
  const current =
    data.kind === 'unknown' ? UNKNOWN_CREATOR_NAME : data.own ? 'Your profile' : data.creator.name;
  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumb
        items={[
          { label: 'Home', to: paths.home },
          { label: 'Creators', to: paths.creators },
          { label: current },
        ]}
      />
      {data.kind === 'unknown' ? (
        <UnknownCreator requested={data.requested} />
      ) : (
        // Keyed by creator: moving between profiles starts with fresh previews and follow state.
        <div key={data.creator.id} className={styles.body}>
          <ProfileHero
            creator={data.creator}
            own={data.own}
            saved={data.saved}
            itemCount={data.created.length}
          />
          <ProfileTabs profile={data} />
        </div>
      )}
    </div>
  );
}
