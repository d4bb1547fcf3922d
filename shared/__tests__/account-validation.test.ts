// @vitest-environment node
// docs/product.md "Records and fields" (login, signup, change password fields) and "Validation"
// (email type).
import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MIN,
  validateChangePassword,
  validateLogin,
  validateResetRequest,
  validateSignup,
} from '../account-validation';

describe('account validation rules', () => {
  it('signup needs a name, a valid email, a long enough password and accepted terms', () => {
    expect(validateSignup({ name: ' ', email: 'x@', password: 'short', terms: false })).toEqual({
      name: 'Name is required.',
      email: expect.stringMatching(/valid email/),
      password: `Use at least ${PASSWORD_MIN} characters.`,
      terms: 'Accept the terms to create an account.',
    });
    expect(
      validateSignup({
        name: 'Mia',
        email: 'mia@example.com',
        password: 'long-enough',
        terms: true,
      }),
    ).toEqual({});
  });

  it('login needs an email and a password', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: 'Email is required.',
      password: 'Password is required.',
    });
    expect(validateLogin({ email: 'a@b.co', password: 'x' })).toEqual({});
  });

  it('reset needs a valid email', () => {
    expect(validateResetRequest('nope')).toHaveProperty('email');
    expect(validateResetRequest('a@b.co')).toEqual({});
  });

  it('change password: old given, new long enough and different, re-typed the same', () => {
    expect(
      validateChangePassword({ oldPassword: '', newPassword: 'short', confirmPassword: '' }),
    ).toEqual({
      oldPassword: 'Old password is required.',
      newPassword: `Use at least ${PASSWORD_MIN} characters.`,
      confirmPassword: 'Re-type the new password.',
    });
    expect(
      validateChangePassword({
        oldPassword: 'old-password',
        newPassword: 'new-password',
        confirmPassword: 'new-passwort',
      }),
    ).toEqual({ confirmPassword: 'The two new passwords do not match.' });
    expect(
      validateChangePassword({
        oldPassword: 'same-password',
        newPassword: 'same-password',
        confirmPassword: 'same-password',
      }),
    ).toEqual({ newPassword: 'Choose a password different from the old one.' });
  });
});
