// Profile settings: the marketplace's notification toggles (docs/product.md "Notifications"),
// all on by default, each with its mail switch beside it (on by default for auction results,
// sold and offer accepted), saved on the device like the other notification sections (the
// profile section `marketplace-notifications`, which the server reads to decide what to write
// and what to mail).
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setDataAccessForTests } from '@/data/data-access';
import { freshStore } from '@/data/__tests__/fixtures';
import type { DeviceDataAccess } from '@/data/device-data-access';
import { ACCOUNT_SECTION, MARKETPLACE_SECTION } from '@shared/notifications';
import { ProfileEditPage } from '../components/profile-edit-page';

let data: DeviceDataAccess;
beforeEach(() => {
  data = freshStore().data;
  setDataAccessForTests(data);
});
afterEach(() => setDataAccessForTests(null));

const LABELS = [
  'When I am outbid',
  'When an auction I bid on ends soon',
  'Auction results',
  'When my item sells',
  'When I get an offer',
  'When my offer is accepted',
  'New items matching a saved search',
];

function renderPage(profile = {}) {
  render(
    <MemoryRouter>
      <ProfileEditPage
        data={{ profile, versions: {}, account: null, avatarUrl: '' }}
        onIdentityChange={() => undefined}
      />
    </MemoryRouter>,
  );
  return screen.getByRole('region', { name: 'Marketplace notifications' });
}

describe('Marketplace notifications', () => {
  it('has the seven toggles, all on by default, and saves one turned off', async () => {
    const user = userEvent.setup();
    const section = renderPage();
    const toggles = LABELS.map((name) => within(section).getByRole('switch', { name }));
    expect(toggles.map((s) => s.getAttribute('aria-checked'))).toEqual(LABELS.map(() => 'true'));
    for (const toggle of toggles) expect(toggle).toBeVisible();
    expect(screen.getByRole('link', { name: 'Marketplace notifications' })).toHaveAttribute(
      'href',
      `#${MARKETPLACE_SECTION}`,
    );

    await user.click(within(section).getByRole('switch', { name: 'When I am outbid' }));
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(section).getByRole('status')).toHaveTextContent(
        'Marketplace notifications saved.',
      ),
    );
    const saved = (await data.loadProfile())[MARKETPLACE_SECTION];
    expect(saved).toMatchObject({
      outbid: false,
      endingSoon: true,
      auctionResult: true,
      sold: true,
      offers: true,
      offerAccepted: true,
      savedSearches: true,
    });
  });

  it('has a mail switch beside each toggle, on for won, sold and offer accepted, and saves it', async () => {
    const user = userEvent.setup();
    const section = renderPage();
    const mail = LABELS.map((label) =>
      within(section).getByRole('switch', { name: `Email me: ${label}` }),
    );
    expect(mail.map((s) => s.getAttribute('aria-checked'))).toEqual([
      'false',
      'false',
      'true',
      'true',
      'false',
      'true',
      'false',
    ]);
    // Beside its toggle: the same row.
    expect(mail[0]?.closest('div')?.parentElement).toContainElement(
      within(section).getByRole('switch', { name: 'When I am outbid' }),
    );

    await user.click(within(section).getByRole('switch', { name: 'Email me: When I am outbid' }));
    await user.click(within(section).getByRole('switch', { name: 'Email me: When my item sells' }));
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(section).getByRole('status')).toHaveTextContent(
        'Marketplace notifications saved.',
      ),
    );
    const saved = (await data.loadProfile())[MARKETPLACE_SECTION];
    expect(saved).toEqual({
      outbid: true,
      outbidMail: true,
      endingSoon: true,
      endingSoonMail: false,
      auctionResult: true,
      auctionResultMail: true,
      sold: true,
      soldMail: false,
      offers: true,
      offersMail: false,
      offerAccepted: true,
      offerAcceptedMail: true,
      savedSearches: true,
      savedSearchesMail: false,
    });
  });

  it('gives the account and marketing toggles their mail switches, off by default', () => {
    renderPage({ [ACCOUNT_SECTION]: { followsMail: true } });
    expect(
      screen.getByRole('switch', { name: 'Email me: When someone follows me' }),
    ).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('switch', { name: 'Email me: Company news' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  });

  it('shows what was saved', () => {
    const section = renderPage({ [MARKETPLACE_SECTION]: { sold: false } });
    expect(within(section).getByRole('switch', { name: 'When my item sells' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(within(section).getByRole('switch', { name: 'Auction results' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });
});
