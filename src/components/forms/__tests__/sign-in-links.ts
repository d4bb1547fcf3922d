// Test support for screens that show SignInFirst.
import { screen } from '@testing-library/react';
import { expect } from 'vitest';

/** Signed out: links to login and signup, both coming back to `path` once signed in. */
export function expectSignInLinks(path: string): void {
  const next = encodeURIComponent(path);
  expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    `/login?next=${next}`,
  );
  expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
    'href',
    `/signup?next=${next}`,
  );
}
