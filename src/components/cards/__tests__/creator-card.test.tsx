// docs/product.md "Creators and profiles" creator grid block: verified badge, name link,
// follow-style button that really follows (docs/product.md: follow a creator, saved on the device
// and counted).
import { Profiler } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeviceSourceContext } from '@/components/cards/device-source';
import { appDeviceSource } from '@/components/cards/__tests__/app-device-source';
import { setDataAccessForTests } from '@/data/data-access';
import { freshStore, makeCreator, type TestStore } from '@/data/__tests__/fixtures';
import type { Creator } from '@shared/types';
import { CreatorCard, followersText } from '../creator-card';

let store: TestStore;
beforeEach(() => {
  store = freshStore();
  setDataAccessForTests(store.data);
});
afterEach(() => setDataAccessForTests(null));

function renderCard(
  creator: Creator,
  extra: { rank?: number; stat?: string; statLabel?: string } = {},
) {
  return render(
    <MemoryRouter>
      <DeviceSourceContext value={appDeviceSource}>
        <CreatorCard creator={creator} {...extra} />
      </DeviceSourceContext>
    </MemoryRouter>,
  );
}

describe('CreatorCard (docs/product.md "Creators and profiles": creator grid block)', () => {
  it('links the name to the profile and shows the verified badge', () => {
    renderCard(makeCreator({ id: 2, name: 'Bo Chen', verified: true }));
    expect(screen.getByRole('link', { name: 'Bo Chen' })).toHaveAttribute(
      'href',
      '/creator-profile/2',
    );
    expect(screen.getByRole('img', { name: 'Verified' })).toBeInTheDocument();
  });

  it('does not render again when the device says what the card already shows', async () => {
    const isFollowing = store.data.isFollowing.bind(store.data);
    const asked: number[] = [];
    store.data.isFollowing = (id) => {
      asked.push(id);
      return isFollowing(id);
    };
    let commits = 0;
    render(
      <MemoryRouter>
        <DeviceSourceContext value={appDeviceSource}>
          <Profiler id="card" onRender={() => (commits += 1)}>
            <CreatorCard creator={makeCreator({ id: 4, name: 'Ana Li', followers: 9 })} />
          </Profiler>
        </DeviceSourceContext>
      </MemoryRouter>,
    );
    await waitFor(() => expect(asked).toEqual([4]));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('button', { name: 'Follow Ana Li' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(commits).toBe(1);
  });

  it('shows the new count when the screen re-reads it (after a sync)', async () => {
    const { rerender } = render(
      <MemoryRouter>
        <DeviceSourceContext value={appDeviceSource}>
          <CreatorCard creator={makeCreator({ id: 4, name: 'Ana Li', followers: 9 })} />
        </DeviceSourceContext>
      </MemoryRouter>,
    );
    expect(await screen.findByText(followersText(9), { exact: false })).toBeInTheDocument();
    rerender(
      <MemoryRouter>
        <DeviceSourceContext value={appDeviceSource}>
          <CreatorCard creator={makeCreator({ id: 4, name: 'Ana Li', followers: 10 })} />
        </DeviceSourceContext>
      </MemoryRouter>,
    );
    expect(await screen.findByText(followersText(10), { exact: false })).toBeInTheDocument();
  });

  it('has no badge for an unverified creator', () => {
    renderCard(makeCreator({ id: 3, name: 'Redmond Ray', verified: false }));
    expect(screen.queryByRole('img', { name: 'Verified' })).not.toBeInTheDocument();
  });

  it('follows and unfollows on the device, updating the pressed state and the count', async () => {
    const user = userEvent.setup();
    renderCard(makeCreator({ id: 2, name: 'Bo Chen', followers: 5 }));
    const button = screen.getByRole('button', { name: 'Follow Bo Chen' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(await store.data.isFollowing(2)).toBe(true);
    expect(
      screen.getByText(await store.data.followerCount(2).then(followersText), { exact: false }),
    ).toBeInTheDocument();
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    expect(await store.data.isFollowing(2)).toBe(false);
  });

  it('shows the rank and the period figure when given', () => {
    renderCard(makeCreator({ id: 1, name: 'Ana Lopez' }), {
      rank: 3,
      stat: '12.5 ETH',
      statLabel: 'Sales this week',
    });
    expect(screen.getByText('Rank', { exact: false }).parentElement).toHaveTextContent('Rank 3');
    expect(screen.getByText('12.5 ETH')).toBeInTheDocument();
  });

  it('formats follower counts', () => {
    expect(followersText(1)).toBe('1 follower');
    expect(followersText(18240)).toBe('18.2K followers');
  });
});
