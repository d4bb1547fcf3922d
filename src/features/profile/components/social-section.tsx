import { SettingsSection } from '@/components/forms/settings-section';
import { TextField } from '@/components/ui/field';
import { validateSocial, type SocialValues } from '../validation';
import { useDraftSection } from './use-draft-section';
import styles from './profile-edit.module.css';

const FIELDS: { name: keyof SocialValues; label: string; placeholder: string }[] = [
  { name: 'twitter', label: 'Twitter', placeholder: 'Twitter username' },
  { name: 'facebook', label: 'Facebook', placeholder: 'Facebook username' },
  { name: 'instagram', label: 'Instagram', placeholder: 'Instagram username' },
  { name: 'linkedin', label: 'LinkedIn', placeholder: 'LinkedIn username' },
];

/** Social profiles (docs/product.md "Records and fields"): Twitter, Facebook, Instagram, LinkedIn
 * usernames; YouTube URL. */
export function SocialSection({ initial, version }: { initial: SocialValues; version?: number }) {
  const { section, field } = useDraftSection({
    draftId: 'profile-social',
    section: 'social',
    initial,
    version,
    validate: validateSocial,
    done: 'Social profiles saved.',
  });
  return (
    <SettingsSection
      id="social"
      title="Social profiles"
      description="Usernames only; collectors find you from your profile."
      {...section}
    >
      <div className={styles.pair}>
        {FIELDS.map(({ name, label, placeholder }) => (
          <TextField
            key={name}
            label={label}
            placeholder={placeholder}
            autoCapitalize="none"
            spellCheck={false}
            {...field(name)}
          />
        ))}
      </div>
      <TextField
        label="YouTube"
        type="url"
        placeholder="https://youtube.com/@you"
        {...field('youtube')}
      />
    </SettingsSection>
  );
}
