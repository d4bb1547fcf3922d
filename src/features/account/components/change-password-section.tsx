import { useState } from 'react';
import { SettingsSection } from '@/components/forms/settings-section';
import { useSectionSave } from '@/components/forms/use-section-save';
import { TextField } from '@/components/ui/field';
import { changePassword } from '../api';
import { PASSWORD_MIN, validateChangePassword, type ChangePasswordValues } from '../validation';

const EMPTY: ChangePasswordValues = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** Change password (spec 3): checks the old one and that the two new ones match; re-hashes. */
export function ChangePasswordSection() {
  const [values, setValues] = useState(EMPTY);
  const save = useSectionSave();
  const set = (name: keyof ChangePasswordValues, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    save.clearError(name);
  };
  const onSubmit = () =>
    void save
      .run(validateChangePassword(values), () => changePassword(values), 'Password changed.')
      .then((saved) => saved && setValues(EMPTY));
  return (
    <SettingsSection
      id="change-password"
      title="Change password"
      description="Your password is never stored, only a salted hash of it."
      onSubmit={onSubmit}
      busy={save.busy}
      alert={save.alert}
      status={save.status}
      formRef={save.formRef}
      submitLabel="Change password"
    >
      <TextField
        label="Old password"
        name="oldPassword"
        type="password"
        autoComplete="current-password"
        required
        value={values.oldPassword}
        onChange={(e) => set('oldPassword', e.target.value)}
        error={save.errors.oldPassword}
      />
      <TextField
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN} characters.`}
        value={values.newPassword}
        onChange={(e) => set('newPassword', e.target.value)}
        error={save.errors.newPassword}
      />
      <TextField
        label="Re-type new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        value={values.confirmPassword}
        onChange={(e) => set('confirmPassword', e.target.value)}
        error={save.errors.confirmPassword}
      />
    </SettingsSection>
  );
}
