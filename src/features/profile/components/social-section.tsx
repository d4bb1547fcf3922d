import { useFormDraft } from '@/components/forms/use-form-draft';
import { TextField } from '@/components/ui/field';
import { discardDraft, saveSection } from '../api';
import { trimmed, validateSocial, type SocialValues } from '../validation';
import { SettingsSection } from '@/components/forms/settings-section';
import { useSectionSave } from '@/components/forms/use-section-save';
import styles from './profile-edit.module.css';

const DRAFT_ID = 'profile-social';

const FIELDS: { name: keyof SocialValues; label: string; placeholder: string }[] = [
  { name: 'twitter', label: 'Twitter', placeholder: 'Twitter username' },
  { name: 'facebook', label: 'Facebook', placeholder: 'Facebook username' },
  { name: 'instagram', label: 'Instagram', placeholder: 'Instagram username' },
  { name: 'linkedin', label: 'LinkedIn', placeholder: 'LinkedIn username' },
];

/** Social profiles (spec 3): Twitter, Facebook, Instagram, LinkedIn usernames; YouTube URL. */
export function SocialSection({ initial }: { initial: SocialValues }) {
  const draft = useFormDraft(DRAFT_ID, initial);
  const { values } = draft;
  const save = useSectionSave();
  const set = (name: keyof SocialValues, value: string) => {
    draft.setValue(name, value);
    save.clearError(name);
  };
  const onSubmit = () =>
    void save.run(
      validateSocial(values),
      async () => {
        await saveSection('social', trimmed(values));
        await draft.flush();
        await discardDraft(DRAFT_ID).catch(() => undefined);
      },
      'Social profiles saved.',
    );
  return (
    <SettingsSection
      id="social"
      title="Social profiles"
      description="Usernames only; collectors find you from your profile."
      onSubmit={onSubmit}
      busy={save.busy}
      alert={save.alert}
      status={save.status}
      formRef={save.formRef}
    >
      <div className={styles.pair}>
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            label={field.label}
            name={field.name}
            placeholder={field.placeholder}
            autoCapitalize="none"
            spellCheck={false}
            value={values[field.name]}
            onChange={(e) => set(field.name, e.target.value)}
            error={save.errors[field.name]}
          />
        ))}
      </div>
      <TextField
        label="YouTube"
        name="youtube"
        type="url"
        placeholder="https://youtube.com/@you"
        value={values.youtube}
        onChange={(e) => set('youtube', e.target.value)}
        error={save.errors.youtube}
      />
    </SettingsSection>
  );
}
