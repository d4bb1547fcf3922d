import { useFormDraft } from '@/components/forms/use-form-draft';
import { TextArea, TextField } from '@/components/ui/field';
import { discardDraft, saveSection } from '../api';
import { trimmed, validatePersonal, type PersonalValues } from '../validation';
import { SettingsSection } from '@/components/forms/settings-section';
import { useSectionSave } from '@/components/forms/use-section-save';
import styles from './profile-edit.module.css';

const DRAFT_ID = 'profile-personal';

/** Personal detail (spec 3): first name, last name, email (required), occupation, description. */
export function PersonalSection({
  initial,
  onSaved,
}: {
  initial: PersonalValues;
  onSaved: (values: PersonalValues) => void;
}) {
  const draft = useFormDraft(DRAFT_ID, initial);
  const { values } = draft;
  const save = useSectionSave();
  const set = (name: keyof PersonalValues, value: string) => {
    draft.setValue(name, value);
    save.clearError(name);
  };
  const onSubmit = () =>
    void save.run(
      validatePersonal(values),
      async () => {
        const clean = trimmed(values);
        await saveSection('personal', clean);
        await draft.flush();
        await discardDraft(DRAFT_ID).catch(() => undefined);
        onSaved(clean);
      },
      'Personal details saved.',
    );
  const { errors } = save;
  return (
    <SettingsSection
      id="personal"
      title="Personal detail"
      description="Your name shows in the header and on your profile."
      onSubmit={onSubmit}
      busy={save.busy}
      alert={save.alert}
      status={save.status}
      formRef={save.formRef}
    >
      <div className={styles.pair}>
        <TextField
          label="First Name"
          name="firstName"
          required
          autoComplete="given-name"
          value={values.firstName}
          onChange={(e) => set('firstName', e.target.value)}
          error={errors.firstName}
        />
        <TextField
          label="Last Name"
          name="lastName"
          required
          autoComplete="family-name"
          value={values.lastName}
          onChange={(e) => set('lastName', e.target.value)}
          error={errors.lastName}
        />
      </div>
      <div className={styles.pair}>
        <TextField
          label="Your Email"
          name="email"
          type="email"
          required
          autoComplete="email"
          value={values.email}
          onChange={(e) => set('email', e.target.value)}
          error={errors.email}
        />
        <TextField
          label="Occupation"
          name="occupation"
          autoComplete="organization-title"
          value={values.occupation}
          onChange={(e) => set('occupation', e.target.value)}
          error={errors.occupation}
        />
      </div>
      <TextArea
        label="Description"
        name="description"
        placeholder="A few words about you"
        value={values.description}
        onChange={(e) => set('description', e.target.value)}
        error={errors.description}
      />
    </SettingsSection>
  );
}
