import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Header } from '../components/header';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Header
        search={(placement) => <input aria-label={`Search (${placement})`} />}
        wallet={<button type="button">Connect Wallet</button>}
      />
    </MemoryRouter>,
  );
}

describe('Header (docs/product.md "On every page")', () => {
  it('lists every menu group, Wallet and Contact', () => {
    renderAt('/terms');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Explore', 'Pages']) {
      expect(within(nav).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Wallet' })).toHaveAttribute('href', '/wallet');
    expect(within(nav).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  });

  it('opens a submenu by click, highlights the current route and closes on Escape', async () => {
    const user = userEvent.setup();
    renderAt('/terms');
    const pages = screen.getByRole('button', { name: 'Pages' });
    expect(pages).toHaveAttribute('aria-expanded', 'false');
    expect(pages).toHaveAttribute('data-active');
    await user.click(pages);
    expect(pages).toHaveAttribute('aria-expanded', 'true');
    const submenu = document.getElementById('submenu-pages');
    expect(submenu).not.toBeNull();
    const terms = within(submenu as HTMLElement).getByRole('link', { name: 'Terms' });
    expect(terms).toHaveAttribute('aria-current', 'page');
    expect(
      within(submenu as HTMLElement).getByRole('link', { name: 'Privacy' }),
    ).not.toHaveAttribute('aria-current');
    await user.keyboard('{Escape}');
    expect(pages).toHaveAttribute('aria-expanded', 'false');
    expect(pages).toHaveFocus();
  });

  it('keeps only one submenu open and closes it on an outside click', async () => {
    const user = userEvent.setup();
    renderAt('/');
    const home = screen.getByRole('button', { name: 'Home' });
    const explore = screen.getByRole('button', { name: 'Explore' });
    await user.click(home);
    await user.click(explore);
    expect(home).toHaveAttribute('aria-expanded', 'false');
    expect(explore).toHaveAttribute('aria-expanded', 'true');
    await user.click(document.body);
    expect(explore).toHaveAttribute('aria-expanded', 'false');
  });

  it('toggles the mobile menu', async () => {
    const user = userEvent.setup();
    renderAt('/');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveAttribute('data-open', 'true');
  });

  it('shows the search box the app gives it in the bar and in the menu, and the wallet button', () => {
    renderAt('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('textbox', { name: 'Search (menu)' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search (bar)' })).not.toBe(
      within(nav).getByRole('textbox', { name: 'Search (menu)' }),
    );
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeInTheDocument();
  });

  it('has the profile dropdown with Profile, Settings, Logout', async () => {
    const user = userEvent.setup();
    renderAt('/');
    await user.click(screen.getByRole('button', { name: /Profile menu/ }));
    const menu = document.getElementById('profile-menu') as HTMLElement;
    expect(menu).toBeVisible();
    // The dropdown's contents load on the first open.
    expect(await within(menu).findByText(/\d ETH$/)).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/creator-profile',
    );
    expect(within(menu).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/creator-profile-edit',
    );
    expect(within(menu).getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/login');
  });
});
