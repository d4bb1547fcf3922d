import { SettingsSection } from '@/components/forms/settings-section';
import { TextField } from '@/components/ui/field';
import { validateContact, type ContactValues } from '../validation';
import { useDraftSection } from './use-draft-section';
import styles from './profile-edit.module.css';

/** Contact info (docs/product.md "Records and fields"): phone number and website URL. */
export function ContactSection({ initial, version }: { initial: ContactValues; version?: number }) {
  const { section, field } = useDraftSection({
    draftId: 'profile-contact',
    section: 'contact',
    initial,
    version,
    validate: validateContact,
    done: 'Contact info saved.',
  });
  return (
    <SettingsSection id="contact-info" title="Contact info" {...section}>
      <div className={styles.pair}>
        <TextField
          label="Phone No."
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+44 20 7946 0958"
          {...field('phone')}
        />
        <TextField
          label="Website"
          type="url"
          autoComplete="url"
          placeholder="https://example.com"
          {...field('website')}
        />
      </div>
    </SettingsSection>
  );
}
