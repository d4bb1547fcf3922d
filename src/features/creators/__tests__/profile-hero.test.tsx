// Creator profile (docs/product.md "Creators and profiles", "Follow me, add-friend"): the follow
// button saves on the device and updates the follower count; add friend follows once; your
// own profile previews a chosen image and refuses a non-image file.
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '@/components/ui/toast';
import { Toaster } from '@/components/ui/toaster';
import { DeviceSourceContext } from '@/components/cards/device-source';
import { appDeviceSource } from '@/components/cards/__tests__/app-device-source';
import { setDataAccessForTests } from '@/data/data-access';
import { freshStore, makeCreator } from '@/data/__tests__/fixtures';
import type { DeviceDataAccess } from '@/data/device-data-access';
import { openDB } from 'idb';
import { IDB_NAME } from '@/config/storage-keys';
import { deviceImageKeys } from '@/data/image-ref';
import type { QueuedMutation } from '@/data/core/outbox';
import { useSessionStore } from '@/data/session-store';
import { ProfileHero } from '../components/profile-hero';

let data: DeviceDataAccess;
const bo = makeCreator({ id: 2, name: 'Bo Chen', followers: 5 });

function renderHero(own = false) {
  const creator = own ? makeCreator({ id: 0, name: 'Sample User', followers: 0 }) : bo;
  return render(
    <MemoryRouter>
      <DeviceSourceContext value={appDeviceSource}>
        <ProfileHero creator={creator} own={own} saved={false} itemCount={2} />
        <Toaster />
      </DeviceSourceContext>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  data = freshStore().data;
  setDataAccessForTests(data);
});
afterEach(() => {
  setDataAccessForTests(null);
  act(() => useToasts.getState().clear());
});

describe('Follow me (docs/product.md "Creators and profiles", "Follow me")', () => {
  it('follows and unfollows, saving on the device and updating the follower count', async () => {
    const user = userEvent.setup();
    renderHero();
    expect(screen.getByRole('heading', { level: 1, name: /Bo Chen/ })).toBeInTheDocument();
    const follow = screen.getByRole('button', { name: 'Follow me' });
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('followers').parentElement).toHaveTextContent('5 followers');

    await user.click(follow);
    await waitFor(() => expect(follow).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByText('followers').parentElement).toHaveTextContent('6 followers');
    expect(screen.getByText('You follow Bo Chen')).toBeInTheDocument();
    expect(await data.isFollowing(2)).toBe(true);

    await user.click(follow);
    await waitFor(() => expect(follow).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.getByText('followers').parentElement).toHaveTextContent('5 followers');
    expect(await data.isFollowing(2)).toBe(false);
  });

  it('starts pressed when this device already follows the creator', async () => {
    await data.toggleFollow(2);
    renderHero();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Follow me' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
  });

  it('add friend follows once, confirms, and never unfollows', async () => {
    const user = userEvent.setup();
    renderHero();
    const friend = screen.getByRole('button', { name: 'Add Bo Chen as a friend' });
    await user.click(friend);
    expect(await screen.findByText('Bo Chen added as a friend')).toBeInTheDocument();
    expect(await data.isFollowing(2)).toBe(true);
    expect(screen.getByRole('button', { name: 'Follow me' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(friend);
    expect(await screen.findByText('Bo Chen is already a friend')).toBeInTheDocument();
    expect(await data.isFollowing(2)).toBe(true);
  });

  it('links to the settings page', () => {
    renderHero();
    expect(screen.getByRole('link', { name: 'Your profile settings' })).toHaveAttribute(
      'href',
      '/creator-profile-edit',
    );
  });
});

describe('Own profile (docs/product.md "Creators and profiles": banner and avatar, local preview)', () => {
  const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48];

  it('has no Follow me (you cannot follow yourself) but settings and become creator', () => {
    renderHero(true);
    expect(screen.queryByRole('button', { name: 'Follow me' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile settings' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Become a creator' })).toHaveAttribute(
      'href',
      '/become-creator',
    );
  });

  it('previews a chosen image and revokes the preview URL when discarded', async () => {
    const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:avatar-preview');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderHero(true);
    const file = new File([new Uint8Array([...PNG_HEAD, 0, 0])], 'me.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Change avatar'), file);
    const preview = await screen.findByRole('img', { name: 'Preview of your new avatar' });
    expect(preview).toHaveAttribute('src', 'blob:avatar-preview');
    expect(create).toHaveBeenCalledWith(file);
    expect(screen.getByText(/on this screen only until you save it/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Discard preview' }));
    expect(revoke).toHaveBeenCalledWith('blob:avatar-preview');
    expect(
      screen.queryByRole('img', { name: 'Preview of your new avatar' }),
    ).not.toBeInTheDocument();
  });

  it('saves the chosen avatar and banner on the device, in the profile change that syncs', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderHero(true);
    const png = (name: string) =>
      new File([new Uint8Array([...PNG_HEAD, 0, 0])], name, { type: 'image/png' });
    await user.upload(screen.getByLabelText('Change avatar'), png('me.png'));
    await user.upload(screen.getByLabelText('Change banner'), png('wide.png'));
    expect(await screen.findByText(/A preview of your new banner and avatar/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save picture' }));
    expect(
      await screen.findByText(
        'Banner and avatar saved. They sync to the marketplace, where everyone sees them.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: 'Save picture' })).not.toBeInTheDocument();
    const personal = (await data.loadProfile()).personal ?? {};
    expect(personal.avatar).toMatch(/^idb:/);
    expect(personal.banner).toMatch(/^idb:/);
    expect(personal.banner).not.toBe(personal.avatar);
    // The change the sync engine pushes names both pictures, which it uploads first.
    const db = await openDB(IDB_NAME);
    const queued = await db.getAll('mutations');
    db.close();
    const profile = queued.findLast((m: QueuedMutation) => m.kind === 'profile');
    expect(profile && deviceImageKeys(profile)).toEqual([
      String(personal.avatar).slice(4),
      String(personal.banner).slice(4),
    ]);
  });

  it('refuses a file that is not an image, with an accessible message', async () => {
    const create = vi.spyOn(URL, 'createObjectURL');
    const user = userEvent.setup({ applyAccept: false });
    renderHero(true);
    const input = screen.getByLabelText('Change banner');
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    const alert = await screen.findByRole('alert', { name: '' });
    expect(alert).toHaveTextContent(/Banner not changed: .txt files are not supported/);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', alert.id);
    expect(create).not.toHaveBeenCalled();
  });
});

describe('Share (docs/product.md "Beyond the spec": Web Share for creator profiles)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => useSessionStore.getState().signOut());
  });

  it("shares someone else's profile with the system sheet where there is one", async () => {
    const share = vi.fn<(data: ShareData) => Promise<void>>().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share });
    const user = userEvent.setup();
    renderHero();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Bo Chen',
      text: 'Bo Chen on Artmint',
      url: `${window.location.origin}/creator-profile/2`,
    });
  });

  it('copies the link, and says so, where there is no Web Share', async () => {
    expect(navigator.share).toBeUndefined();
    // user-event gives the page a clipboard of its own, read back here.
    const user = userEvent.setup();
    renderHero();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/creator-profile/2`,
    );
  });

  it('is offered on your own profile once it is public: made, under a server account', async () => {
    renderHero(true); // Not made yet (saved={false}), nobody signed in.
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    cleanup();
    const share = vi.fn<(data: ShareData) => Promise<void>>().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share });
    act(() =>
      useSessionStore
        .getState()
        .signIn({ id: 7, name: 'Sample User', email: 's@example.com', avatar: null }, false),
    );
    render(
      <MemoryRouter>
        <DeviceSourceContext value={appDeviceSource}>
          <ProfileHero creator={makeCreator({ id: 0, name: 'Sample User' })} own itemCount={1} />
        </DeviceSourceContext>
      </MemoryRouter>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith(
      expect.objectContaining({ url: `${window.location.origin}/creator-profile/7` }),
    );
  });
});
