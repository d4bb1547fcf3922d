// docs/product.md "Creators and profiles": a creator grid block of 6 or all, at most 9 ("Fixed
// values": "creator cards 6 or all", "creators grid max 9"; issue 31),
// each card with its verified badge and a follow button.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeviceSourceContext } from '@/components/cards/device-source';
import { appDeviceSource } from '@/components/cards/__tests__/app-device-source';
import { setDataAccessForTests } from '@/data/data-access';
import { freshStore, makeCreator } from '@/data/__tests__/fixtures';
import { CreatorGrid } from '../creator-grid';

const creators = Array.from({ length: 12 }, (_, i) =>
  makeCreator({ id: i + 1, name: `Creator ${i + 1}`, verified: i % 2 === 0 }),
);

beforeEach(() => setDataAccessForTests(freshStore().data));
afterEach(() => setDataAccessForTests(null));

function renderGrid(props: Partial<Parameters<typeof CreatorGrid>[0]> = {}) {
  return render(
    <MemoryRouter>
      <DeviceSourceContext value={appDeviceSource}>
        <CreatorGrid creators={creators} title="Featured creators" {...props} />
      </DeviceSourceContext>
    </MemoryRouter>,
  );
}

const cards = () => within(screen.getByRole('list', { name: /creators/ })).getAllByRole('listitem');

describe('CreatorGrid (spec: creator cards 6 or all)', () => {
  it('shows six creators by default, each with its badge and follow button, and links to all', () => {
    renderGrid();
    expect(cards()).toHaveLength(6);
    const first = cards()[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Creator 1' })).toHaveAttribute(
      'href',
      '/creator-profile/1',
    );
    expect(within(first).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(within(cards()[1] as HTMLElement).queryByRole('img', { name: 'Verified' })).toBeNull();
    expect(within(first).getByRole('button', { name: 'Follow Creator 1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All Creators' })).toHaveAttribute('href', '/creators');
    expect(screen.queryByRole('link', { name: 'Creator 7' })).toBeNull();
  });

  it('shows at most 9 in the all variant (spec: creators grid max 9), with a link to the rest', () => {
    renderGrid({ variant: 'all', title: 'Meet the creators' });
    expect(screen.getByRole('region', { name: 'Meet the creators' })).toBeInTheDocument();
    expect(cards()).toHaveLength(9);
    expect(screen.getAllByRole('button', { name: /^Follow Creator/ })).toHaveLength(9);
    expect(screen.getByRole('link', { name: 'All Creators' })).toHaveAttribute('href', '/creators');
  });

  it('needs no link in the all variant when every creator fits', () => {
    renderGrid({ variant: 'all', title: 'Meet the creators', creators: creators.slice(0, 9) });
    expect(cards()).toHaveLength(9);
    expect(screen.queryByRole('link', { name: 'All Creators' })).toBeNull();
  });

  it('follows a creator from its card', async () => {
    const user = userEvent.setup();
    renderGrid();
    const follow = screen.getByRole('button', { name: 'Follow Creator 2' });
    await waitFor(() => expect(follow).not.toHaveAttribute('aria-busy'));
    await user.click(follow);
    await waitFor(() => expect(follow).toHaveAttribute('aria-pressed', 'true'));
  });
});
