// docs/product.md "Account pages" (login, signup): the server says when the password is wrong;
// a failed read keeps input; signup offline says it needs a connection and keeps what was typed.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDataAccess } from '@/data/data-access';
import { StorageError } from '@/data/errors';
import { SIGNUP_NEEDS_CONNECTION, signUp } from '../api';
import { LoginForm } from '../components/login-form';
import { SignupForm } from '../components/signup-form';
import { useSessionStore } from '@/data/session-store';
import type { fakeAuthServer } from './fake-auth-server';
import { leaveDevice, onFreshDevice } from './fresh-device';

function renderAt(element: React.ReactNode, search = '') {
  const router = createMemoryRouter(
    [
      { path: '/form', element },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [`/form${search}`] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

let server: ReturnType<typeof fakeAuthServer>;

/** Fills in the signup form as Mia and presses Register. */
async function registerMia() {
  const user = userEvent.setup();
  renderAt(<SignupForm />);
  await user.type(screen.getByLabelText(/Your name/), 'Mia Chen');
  await user.type(screen.getByLabelText(/Email address/), 'mia@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'Violet-Tide-42');
  await user.click(screen.getByRole('checkbox', { name: /I accept the/ }));
  await user.click(screen.getByRole('button', { name: 'Register' }));
  return user;
}

beforeEach(() => {
  server = onFreshDevice();
});
afterEach(() => {
  leaveDevice();
  vi.restoreAllMocks();
});

describe('LoginForm', () => {
  it('says the password is wrong, then signs in with the right one', async () => {
    await signUp({ name: 'Mia', email: 'mia@example.com', password: 'Right-Pass-1', terms: true });
    useSessionStore.getState().signOut();
    const user = userEvent.setup();
    const router = renderAt(<LoginForm />);
    await user.type(screen.getByLabelText(/Email address/), 'mia@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Wrong-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Login / Sign in' }));
    expect(
      await screen.findByText('Wrong email or password.', { selector: 'span' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true');
    expect(useSessionStore.getState().user).toBeNull();
    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'Right-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Login / Sign in' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(useSessionStore.getState().user).toMatchObject({ name: 'Mia', id: server.session?.id });
  });

  it('goes back to the page it was opened from (?next=), never to another origin', async () => {
    await signUp({ name: 'Mia', email: 'mia@example.com', password: 'Right-Pass-1', terms: true });
    useSessionStore.getState().signOut();
    const user = userEvent.setup();
    const router = renderAt(<LoginForm />, '?next=%2Fitem-detail%2F2');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/signup?next=%2Fitem-detail%2F2',
    );
    await user.type(screen.getByLabelText(/Email address/), 'mia@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Right-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Login / Sign in' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/item-detail/2');
  });

  it('keeps the email when the device store fails', async () => {
    vi.spyOn(getDataAccess(), 'loadAccount').mockRejectedValue(new StorageError());
    const user = userEvent.setup();
    renderAt(<LoginForm />);
    await user.type(screen.getByLabelText(/Email address/), 'mia@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'whatever-1');
    await user.click(screen.getByRole('button', { name: 'Login / Sign in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(/Could not save on this device/),
    );
    expect(screen.getByLabelText(/Email address/)).toHaveValue('mia@example.com');
  });
});

describe('SignupForm', () => {
  it('refuses invalid input with messages and saves nothing', async () => {
    const save = vi.spyOn(getDataAccess(), 'saveAccount');
    const user = userEvent.setup();
    renderAt(<SignupForm />);
    await user.type(screen.getByLabelText(/Email address/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Please fix the 4 fields'),
    );
    expect(screen.getByLabelText(/Your name/)).toHaveFocus();
    expect(screen.getByText('Accept the terms to create an account.')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('offline: says signing up needs a connection, keeps what was typed, saves nothing', async () => {
    server.mode = 'offline';
    const user = await registerMia();
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGNUP_NEEDS_CONNECTION);
    expect(screen.getByLabelText(/Your name/)).toHaveValue('Mia Chen');
    expect(screen.getByLabelText(/Email address/)).toHaveValue('mia@example.com');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('Violet-Tide-42');
    expect(screen.getByRole('checkbox', { name: /I accept the/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
    expect(await getDataAccess().loadAccount()).toBeNull();
    expect(useSessionStore.getState().user).toBeNull();

    server.mode = 'server';
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(server.accounts.get('mia@example.com')?.name).toBe('Mia Chen');
  });

  it('says when the email already has an account on the server', async () => {
    server.addAccount('mia@example.com', 'Someone-Else-1');
    await registerMia();
    await waitFor(() =>
      expect(screen.getByLabelText(/Email address/)).toHaveAccessibleDescription(
        /already exists. Log in instead/,
      ),
    );
    // Focus moves in the effect after the render that marked the field invalid.
    await waitFor(() => expect(screen.getByLabelText(/Email address/)).toHaveFocus());
  });
});
