import { SettingsSection } from '@/components/forms/settings-section';
import { TextArea, TextField } from '@/components/ui/field';
import { validatePersonal, type PersonalValues } from '../validation';
import { useDraftSection } from './use-draft-section';
import styles from './profile-edit.module.css';

/** Personal detail (docs/product.md "Records and fields"): first name, last name, email (required),
 * occupation, description. */
export function PersonalSection({
  initial,
  version,
  onSaved,
}: {
  initial: PersonalValues;
  /** The section's version `initial` comes from. */
  version?: number;
  onSaved: (values: PersonalValues) => void;
}) {
  const { section, field } = useDraftSection({
    draftId: 'profile-personal',
    section: 'personal',
    initial,
    version,
    validate: validatePersonal,
    done: 'Personal details saved.',
    onSaved,
  });
  return (
    <SettingsSection
      id="personal"
      title="Personal detail"
      description="Your name shows in the header and on your profile."
      {...section}
    >
      <div className={styles.pair}>
        <TextField label="First Name" required autoComplete="given-name" {...field('firstName')} />
        <TextField label="Last Name" required autoComplete="family-name" {...field('lastName')} />
      </div>
      <div className={styles.pair}>
        <TextField
          label="Your Email"
          type="email"
          required
          autoComplete="email"
          {...field('email')}
        />
        <TextField label="Occupation" autoComplete="organization-title" {...field('occupation')} />
      </div>
      <TextArea label="Description" placeholder="A few words about you" {...field('description')} />
    </SettingsSection>
  );
}
