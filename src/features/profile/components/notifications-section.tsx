import { useState, type ReactNode } from 'react';
import { Switch } from '@/components/ui/field';
import { mailField } from '@shared/notifications';
import type { ProfileSection } from '@shared/types';
import { saveSection } from '../api';
import { SettingsSection } from '@/components/forms/settings-section';
import { useSectionSave } from '@/components/forms/use-section-save';
import styles from './profile-edit.module.css';

export interface ToggleSpec {
  name: string;
  label: string;
  description: string;
}

/** A section of on/off notification preferences (docs/product.md "Records and fields": the
 * marketplace's, the account's and marketing), each toggle with its mail switch beside it
 * (docs/product.md "Notifications"). */
export function NotificationsSection({
  id,
  section,
  title,
  toggles,
  initial,
  version,
  children,
}: {
  id: string;
  section: ProfileSection;
  title: string;
  toggles: ToggleSpec[];
  initial: Record<string, boolean>;
  /** The section's version `initial` comes from: every switch shown is that version's. */
  version?: number;
  /** Shown below the switches. */
  children?: ReactNode;
}) {
  const [values, setValues] = useState(initial);
  // Saved, the switches are what the device holds: the next save goes against its version.
  const [base, setBase] = useState(version);
  // What the switches started from: a save sends the ones switched since.
  const [shown, setShown] = useState(initial);
  const save = useSectionSave();
  const onSubmit = () =>
    void save.run(
      {},
      async () => {
        await saveSection(section, values, base, shown);
        setBase(undefined);
        setShown(values);
      },
      `${title} saved.`,
    );
  return (
    <SettingsSection id={id} title={title} onSubmit={onSubmit} state={save}>
      <div className={styles.toggles}>
        {toggles.map((toggle) => {
          const mail = mailField(toggle.name);
          return (
            <div key={toggle.name} className={styles.toggleRow}>
              <Switch
                label={toggle.label}
                description={toggle.description}
                name={toggle.name}
                checked={values[toggle.name] ?? false}
                onChange={(checked) => setValues((v) => ({ ...v, [toggle.name]: checked }))}
              />
              <Switch
                label={
                  <>
                    <span aria-hidden="true">Email me</span>
                    <span className="visually-hidden">Email me: {toggle.label}</span>
                  </>
                }
                name={mail}
                checked={values[mail] ?? false}
                onChange={(checked) => setValues((v) => ({ ...v, [mail]: checked }))}
              />
            </div>
          );
        })}
      </div>
      {children}
    </SettingsSection>
  );
}

/** The marketplace's kinds (docs/product.md "Notifications"), all on by default. */
export const MARKETPLACE_TOGGLES: ToggleSpec[] = [
  { name: 'outbid', label: 'When I am outbid', description: 'Someone bid more than you.' },
  {
    name: 'endingSoon',
    label: 'When an auction I bid on ends soon',
    description: 'Within its last hour.',
  },
  {
    name: 'auctionResult',
    label: 'Auction results',
    description: 'Whether you won or lost an auction you bid on.',
  },
  {
    name: 'sold',
    label: 'When my item sells',
    description: 'A sale, or an auction of yours that ended.',
  },
  { name: 'offers', label: 'When I get an offer', description: 'An offer on an item you own.' },
  {
    name: 'offerAccepted',
    label: 'When my offer is accepted',
    description: 'The item is yours.',
  },
  {
    name: 'savedSearches',
    label: 'New items matching a saved search',
    description: 'A new listing that matches a search you saved.',
  },
];

export const ACCOUNT_TOGGLES: ToggleSpec[] = [
  {
    name: 'mentions',
    label: 'When someone mentions me',
    description: 'A note when you are mentioned.',
  },
  {
    name: 'follows',
    label: 'When someone follows me',
    description: 'A note for each new follower.',
  },
  {
    name: 'shares',
    label: 'When shares my activity',
    description: 'When your activity is shared.',
  },
  { name: 'messages', label: 'When someone messages me', description: 'A note for new messages.' },
];

export const MARKETING_TOGGLES: ToggleSpec[] = [
  { name: 'sale', label: 'There is a sale or promotion', description: 'Offers and price drops.' },
  { name: 'companyNews', label: 'Company news', description: 'What is new at Artmint.' },
  { name: 'weeklyJobs', label: 'Weekly jobs', description: 'A weekly list of creator jobs.' },
  {
    name: 'unsubscribeNews',
    label: 'Unsubscribe News',
    description: 'Tell me before unsubscribing me from news.',
  },
];
