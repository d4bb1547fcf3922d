// The account screens: the mailed reset link (?token=...) chooses a new password on the
// server and confirms; delete account asks for the password in its confirmation and removes
// the account on the server. Fetch is stubbed with the server's answers.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDataAccess } from '@/data/data-access';
import { signUp } from '../api';
import { DeleteAccountSection } from '../components/delete-account-section';
import { ResetPasswordForm } from '../components/reset-password-form';
import { useSessionStore } from '@/data/session-store';
import type { fakeAuthServer } from './fake-auth-server';
import { leaveDevice, onFreshDevice } from './fresh-device';

const MIA = { name: 'Mia', email: 'mia@example.com', password: 'Right-Pass-1', terms: true };
let server: ReturnType<typeof fakeAuthServer>;

function renderAt(element: React.ReactNode, url = '/form') {
  const router = createMemoryRouter(
    [
      { path: '/form', element },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  server = onFreshDevice();
});
afterEach(leaveDevice);

describe('ResetPasswordForm', () => {
  it('sends the request to the server and says a mail is on its way', async () => {
    const user = userEvent.setup();
    renderAt(<ResetPasswordForm />);
    await user.type(screen.getByLabelText(/Email address/), 'mia@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset request' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/a mail with a reset link/);
    expect(server.calls).toEqual(['/api/auth/reset-request']);
  });

  it('with a token, chooses the new password on the server and confirms', async () => {
    server.addAccount('mia@example.com', 'Old-Pass-1');
    server.resetTokens.set('abc', 'mia@example.com');
    const user = userEvent.setup();
    renderAt(<ResetPasswordForm />, '/form?token=abc');
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New password/), 'Fresh-Pass-9');
    await user.type(screen.getByLabelText(/Re-type new password/), 'Fresh-Pass-8');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('The two new passwords do not match.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Re-type new password/));
    await user.type(screen.getByLabelText(/Re-type new password/), 'Fresh-Pass-9');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password is changed');
    expect(server.accounts.get('mia@example.com')?.password).toBe('Fresh-Pass-9');
    expect(screen.getByRole('link', { name: 'Log in with the new password' })).toBeVisible();
  });

  it('says when the link has expired, keeping what was typed', async () => {
    const user = userEvent.setup();
    renderAt(<ResetPasswordForm />, '/form?token=used');
    await user.type(screen.getByLabelText(/^New password/), 'Fresh-Pass-9');
    await user.type(screen.getByLabelText(/Re-type new password/), 'Fresh-Pass-9');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/expired or was already used/);
    expect(screen.getByLabelText(/^New password/)).toHaveValue('Fresh-Pass-9');
    expect(screen.getByRole('link', { name: 'Ask for a new one' })).toBeVisible();
  });
});

describe('DeleteAccountSection', () => {
  it('asks for the password, refuses a wrong one, then deletes on the server and the device', async () => {
    await signUp(MIA);
    // What the account left on this device: its favourites, follows, profile, a draft, a
    // message waiting to be sent and the writes queued for the server.
    const data = getDataAccess();
    await data.toggleFavourite(1);
    await data.toggleFollow(2);
    await data.saveProfileSection('personal', { firstName: 'Mia' });
    await data.saveDraft('contact', { name: 'Mia' });
    await data.saveOutbox('support', { subject: 'Help' });
    expect(await data.countWaitingChanges()).toBeGreaterThan(0);
    const user = userEvent.setup();
    const router = renderAt(<DeleteAccountSection />);
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const password = screen.getByLabelText(/^Password/);
    expect(dialog).toContainElement(password);
    await user.type(password, 'Wrong-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Delete everything' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(/The password is wrong/));
    expect(server.accounts.has(MIA.email)).toBe(true);
    expect(await data.listFavourites()).toHaveLength(1);
    await user.clear(password);
    await user.type(password, MIA.password);
    await user.click(screen.getByRole('button', { name: 'Delete everything' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/explore-two');
    expect(server.accounts.has(MIA.email)).toBe(false);
    expect(await data.loadAccount()).toBeNull();
    expect(useSessionStore.getState().user).toBeNull();
    expect(await data.listFavourites()).toEqual([]);
    expect(await data.listFollows()).toEqual([]);
    expect(await data.loadProfile()).toEqual({});
    expect(await data.loadDraft('contact')).toBeNull();
    expect(await data.listOutbox()).toEqual([]);
    expect(await data.countWaitingChanges()).toBe(0);
    expect(Object.values(await data.countUserData()).every((n) => n === 0)).toBe(true);
  });

  it('offline: says deleting needs a connection and deletes nothing', async () => {
    await signUp(MIA);
    server.mode = 'offline';
    const user = userEvent.setup();
    renderAt(<DeleteAccountSection />);
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await user.type(await screen.findByLabelText(/^Password/), MIA.password);
    await user.click(screen.getByRole('button', { name: 'Delete everything' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/needs a connection/);
    expect(await getDataAccess().loadAccount()).not.toBeNull();
  });
});
