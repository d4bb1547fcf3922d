import { useFormDraft } from '@/components/forms/use-form-draft';
import { TextField } from '@/components/ui/field';
import { discardDraft, saveSection } from '../api';
import { trimmed, validateContact, type ContactValues } from '../validation';
import { SettingsSection } from '@/components/forms/settings-section';
import { useSectionSave } from '@/components/forms/use-section-save';
import styles from './profile-edit.module.css';

const DRAFT_ID = 'profile-contact';

/** Contact info (spec 3): phone number and website URL. */
export function ContactSection({ initial }: { initial: ContactValues }) {
  const draft = useFormDraft(DRAFT_ID, initial);
  const { values } = draft;
  const save = useSectionSave();
  const set = (name: keyof ContactValues, value: string) => {
    draft.setValue(name, value);
    save.clearError(name);
  };
  const onSubmit = () =>
    void save.run(
      validateContact(values),
      async () => {
        await saveSection('contact', trimmed(values));
        await draft.flush();
        await discardDraft(DRAFT_ID).catch(() => undefined);
      },
      'Contact info saved.',
    );
  return (
    <SettingsSection
      id="contact-info"
      title="Contact info"
      onSubmit={onSubmit}
      busy={save.busy}
      alert={save.alert}
      status={save.status}
      formRef={save.formRef}
    >
      <div className={styles.pair}>
        <TextField
          label="Phone No."
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+44 20 7946 0958"
          value={values.phone}
          onChange={(e) => set('phone', e.target.value)}
          error={save.errors.phone}
        />
        <TextField
          label="Website"
          name="website"
          type="url"
          autoComplete="url"
          placeholder="https://example.com"
          value={values.website}
          onChange={(e) => set('website', e.target.value)}
          error={save.errors.website}
        />
      </div>
    </SettingsSection>
  );
}
