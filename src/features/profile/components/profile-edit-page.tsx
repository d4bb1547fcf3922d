import type { ReactNode } from 'react';
import { LinkButton } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { ProfileEditData } from '../api';
import {
  ACCOUNT_SECTION,
  MARKETING_SECTION,
  MARKETPLACE_SECTION,
  mailSwitchDefaults,
  NOTIFICATION_TOGGLE_DEFAULTS,
} from '@shared/notifications';
import {
  ACCOUNT_NOTIFICATION_DEFAULTS,
  CONTACT_DEFAULTS,
  MARKETING_DEFAULTS,
  personalFrom,
  SOCIAL_DEFAULTS,
  withDefaults,
} from '../validation';
import { ContactSection } from './contact-section';
import {
  ACCOUNT_TOGGLES,
  MARKETING_TOGGLES,
  MARKETPLACE_TOGGLES,
  NotificationsSection,
} from './notifications-section';
import { PersonalSection } from './personal-section';
import { ProfileImageSection } from './profile-image-section';
import { SocialSection } from './social-section';
import text from '@/styles/text.module.css';
import styles from './profile-edit.module.css';

export interface SectionLink {
  id: string;
  label: string;
}

const OWN_SECTIONS: SectionLink[] = [
  { id: 'profile-image', label: 'Profile image' },
  { id: 'personal', label: 'Personal detail' },
  { id: 'social', label: 'Social profiles' },
  { id: MARKETPLACE_SECTION, label: 'Marketplace notifications' },
  { id: 'account-notifications', label: 'Account notifications' },
  { id: 'marketing-notifications', label: 'Marketing notifications' },
  { id: 'contact-info', label: 'Contact info' },
];

/**
 * Profile edit and settings (docs/product.md "Profile edit and settings"): every section saves on
 * its own. Sections owned by other features (change password, delete account, storage) come in as
 * `children`, with their links in `moreSections`, composed by the route module.
 */
export function ProfileEditPage({
  data,
  onIdentityChange,
  moreSections = [],
  children,
  marketplaceExtra,
}: {
  data: ProfileEditData;
  /** The name or avatar the header shows changed. */
  onIdentityChange: (patch: { name?: string; avatar?: string }) => void;
  moreSections?: SectionLink[];
  children?: ReactNode;
  /** Shown in the marketplace notifications' section: this device's push (another feature's). */
  marketplaceExtra?: ReactNode;
}) {
  const { profile, versions } = data;
  return (
    <div className={`container screen-stack ${styles.page}`}>
      <header className={styles.head}>
        <div>
          <p className={text.eyebrow}>Settings</p>
          <h1 className={text.title}>Edit your profile</h1>
          <p className={styles.muted}>Each section saves on its own, on this device.</p>
        </div>
        <LinkButton to={paths.creatorProfile()} variant="secondary">
          View profile
        </LinkButton>
      </header>
      <div className={styles.layout}>
        <nav className={`surface-panel ${styles.nav}`} aria-label="Settings sections">
          <ul role="list">
            {[...OWN_SECTIONS, ...moreSections].map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.sections}>
          <ProfileImageSection
            currentUrl={data.avatarUrl}
            onSaved={(avatar) => onIdentityChange({ avatar })}
          />
          <PersonalSection
            initial={personalFrom(profile, data.account)}
            version={versions.personal}
            onSaved={(v) => onIdentityChange({ name: `${v.firstName} ${v.lastName}`.trim() })}
          />
          <SocialSection
            initial={withDefaults(SOCIAL_DEFAULTS, profile.social)}
            version={versions.social}
          />
          <NotificationsSection
            id={MARKETPLACE_SECTION}
            section={MARKETPLACE_SECTION}
            title="Marketplace notifications"
            toggles={MARKETPLACE_TOGGLES}
            initial={withDefaults(
              {
                ...NOTIFICATION_TOGGLE_DEFAULTS[MARKETPLACE_SECTION],
                ...mailSwitchDefaults(MARKETPLACE_SECTION),
              },
              profile[MARKETPLACE_SECTION],
            )}
            version={versions[MARKETPLACE_SECTION]}
          >
            {marketplaceExtra}
          </NotificationsSection>
          <NotificationsSection
            id="account-notifications"
            section="account-notifications"
            title="Account notifications"
            toggles={ACCOUNT_TOGGLES}
            initial={withDefaults(
              { ...ACCOUNT_NOTIFICATION_DEFAULTS, ...mailSwitchDefaults(ACCOUNT_SECTION) },
              profile[ACCOUNT_SECTION],
            )}
            version={versions['account-notifications']}
          />
          <NotificationsSection
            id="marketing-notifications"
            section="marketing-notifications"
            title="Marketing notifications"
            toggles={MARKETING_TOGGLES}
            initial={withDefaults(
              { ...MARKETING_DEFAULTS, ...mailSwitchDefaults(MARKETING_SECTION) },
              profile[MARKETING_SECTION],
            )}
            version={versions['marketing-notifications']}
          />
          <ContactSection
            initial={withDefaults(CONTACT_DEFAULTS, profile.contact)}
            version={versions.contact}
          />
          {children}
        </div>
      </div>
    </div>
  );
}
