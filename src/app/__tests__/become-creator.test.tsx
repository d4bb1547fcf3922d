// Become a creator signed out (docs/product.md "Upload and become a creator": "Form to upload art
// and create an account"; docs/product.md "Online"): the route gives the upload feature's form the
// account feature's signup. Online, one submit creates the account, signs it in and makes the
// creator profile with its first work; offline, the form says that signing up needs a connection
// and keeps what was typed. The device is a real one (fake IndexedDB) talking to a fake auth server
// at the network boundary.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDataAccess } from '@/data/data-access';
import { useSessionStore } from '@/data/session-store';
import { SIGNUP_NEEDS_CONNECTION } from '@/features/account/api';
import type { fakeAuthServer } from '@/features/account/__tests__/fake-auth-server';
import { leaveDevice, onFreshDevice } from '@/features/account/__tests__/fresh-device';
import { Component as BecomeCreator } from '../routes/become-creator';

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0, 0, 0, 0,
]);

let server: ReturnType<typeof fakeAuthServer>;
beforeEach(() => {
  server = onFreshDevice();
});
afterEach(leaveDevice);

/** The form filled in by a signed-out visitor: creator fields, art, and the account's. */
async function fillIn() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/become-creator']}>
      <BecomeCreator />
    </MemoryRouter>,
  );
  const account = screen.getByRole('group', { name: 'Your Artmint account' });
  expect(account).toHaveTextContent('this form also creates your account');
  await user.type(screen.getByLabelText(/Display name/), 'Nova Reyes');
  await user.type(screen.getByLabelText(/Bio/), 'Glitch painter.');
  await user.upload(
    screen.getByLabelText(/^Art image/),
    new File([PNG], 'first.png', { type: 'image/png' }),
  );
  await user.type(screen.getByLabelText(/Email address/), 'nova@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'Violet-Tide-42');
  await user.click(screen.getByRole('checkbox', { name: /I accept the Terms/ }));
  return user;
}

describe('Become a creator, signed out', () => {
  it('online: creates the account, signs in, and makes the profile with its first work', async () => {
    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Create creator profile' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Nova Reyes' })).toBeVisible();
    const account = server.accounts.get('nova@example.com');
    expect(account).toMatchObject({ name: 'Nova Reyes' });
    expect(useSessionStore.getState().user).toMatchObject({ id: account?.id });
    expect(await getDataAccess().listItemsByCreator(0)).toEqual([
      expect.objectContaining({ title: 'First work by Nova Reyes' }),
    ]);
  });

  it('a field the account needs is marked, and nothing is made', async () => {
    const user = await fillIn();
    await user.click(screen.getByRole('checkbox', { name: /I accept the Terms/ }));
    await user.click(screen.getByRole('button', { name: 'Create creator profile' }));
    expect(
      await screen.findByRole('checkbox', { name: /I accept the Terms/ }),
    ).toHaveAccessibleDescription(/Accept the terms to create an account/);
    expect(server.accounts.size).toBe(0);
    expect(await getDataAccess().listItemsByCreator(0)).toEqual([]);
  });

  it('offline: says signing up needs a connection, makes nothing, keeps what was typed', async () => {
    const user = await fillIn();
    server.mode = 'offline';
    await user.click(screen.getByRole('button', { name: 'Create creator profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGNUP_NEEDS_CONNECTION);
    expect(useSessionStore.getState().user).toBeNull();
    expect(await getDataAccess().listItemsByCreator(0)).toEqual([]);
    expect(screen.getByLabelText(/Display name/)).toHaveValue('Nova Reyes');
    expect(screen.getByLabelText(/Bio/)).toHaveValue('Glitch painter.');
    expect(screen.getByLabelText(/Email address/)).toHaveValue('nova@example.com');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('Violet-Tide-42');
    expect(screen.getByText(/Chosen: /)).toBeInTheDocument();

    // Back online, the same submit goes through (the picked art was kept too).
    server.mode = 'server';
    await user.click(screen.getByRole('button', { name: 'Create creator profile' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Nova Reyes' })).toBeVisible();
    await waitFor(() => expect(server.accounts.has('nova@example.com')).toBe(true));
  });
});
