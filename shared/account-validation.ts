// Validation rules of the account forms (docs/product.md "Records and fields", "Validation": login
// email/password/remember me; signup name/email/password/accept terms; change password
// old/new/re-typed). Pure: each returns a message per invalid field, empty when everything is fine.
import { required, validateEmail } from './validate';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 60;

export type FieldErrors = Record<string, string>;

function collect(entries: [string, string | null][]): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, message] of entries) if (message) errors[field] = message;
  return errors;
}

/** A new password: long enough, not absurdly long. */
export function validateNewPassword(value: string, label = 'Password'): string | null {
  if (!value) return `${label} is required.`;
  if (value.length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters.`;
  if (value.length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters.`;
  return null;
}

export function validateName(value: string): string | null {
  const missing = required(value, 'Name');
  if (missing) return missing;
  return value.trim().length > NAME_MAX ? `Use at most ${NAME_MAX} characters.` : null;
}

export interface SignupValues {
  name: string;
  email: string;
  password: string;
  terms: boolean;
}

export function validateSignup(v: SignupValues): FieldErrors {
  return collect([
    ['name', validateName(v.name)],
    ['email', validateEmail(v.email)],
    ['password', validateNewPassword(v.password)],
    ['terms', v.terms ? null : 'Accept the terms to create an account.'],
  ]);
}

export interface LoginValues {
  email: string;
  password: string;
}

export function validateLogin(v: LoginValues): FieldErrors {
  return collect([
    ['email', validateEmail(v.email)],
    ['password', v.password ? null : 'Password is required.'],
  ]);
}

export function validateUnlock(password: string): FieldErrors {
  return collect([['password', password ? null : 'Password is required.']]);
}

export function validateResetRequest(email: string): FieldErrors {
  return collect([['email', validateEmail(email)]]);
}

export interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function validateChangePassword(v: ChangePasswordValues): FieldErrors {
  const errors = collect([
    ['oldPassword', v.oldPassword ? null : 'Old password is required.'],
    ['newPassword', validateNewPassword(v.newPassword, 'New password')],
    ['confirmPassword', v.confirmPassword ? null : 'Re-type the new password.'],
  ]);
  if (!errors.confirmPassword && v.confirmPassword !== v.newPassword) {
    errors.confirmPassword = 'The two new passwords do not match.';
  }
  if (!errors.newPassword && v.oldPassword && v.newPassword === v.oldPassword) {
    errors.newPassword = 'Choose a password different from the old one.';
  }
  return errors;
}

export interface ChosenPasswordValues {
  password: string;
  confirmPassword: string;
}

/** The new password chosen through a reset link, typed twice. */
export function validateChosenPassword(v: ChosenPasswordValues): FieldErrors {
  const errors = collect([
    ['password', validateNewPassword(v.password, 'New password')],
    ['confirmPassword', v.confirmPassword ? null : 'Re-type the new password.'],
  ]);
  if (!errors.confirmPassword && v.confirmPassword !== v.password) {
    errors.confirmPassword = 'The two new passwords do not match.';
  }
  return errors;
}
