import { useState } from 'react';
import { bindFields } from '@/components/forms/bind-field';
import { SettingsSection } from '@/components/forms/settings-section';
import { useSectionSave } from '@/components/forms/use-section-save';
import { changePassword } from '../api';
import {
  PASSWORD_MIN,
  validateChangePassword,
  type ChangePasswordValues,
} from '@shared/account-validation';
import { PasswordField } from './account-fields';

const EMPTY: ChangePasswordValues = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** Change password (docs/product.md "Records and fields"): checks the old one and that the two new
 * ones match; re-hashes. */
export function ChangePasswordSection() {
  const [values, setValues] = useState(EMPTY);
  const save = useSectionSave();
  const field = bindFields(values, save.errors, (name, value) => {
    setValues((v) => ({ ...v, [name]: value }));
    save.clearError(name);
  });
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
      state={save}
      submitLabel="Change password"
    >
      <PasswordField label="Old password" {...field('oldPassword')} />
      <PasswordField
        label="New password"
        isNew
        hint={`At least ${PASSWORD_MIN} characters.`}
        {...field('newPassword')}
      />
      <PasswordField label="Re-type new password" isNew {...field('confirmPassword')} />
    </SettingsSection>
  );
}
