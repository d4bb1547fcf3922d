import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { STICKY_NAV_THRESHOLD_PX } from '@/config/constants';
import { lazyPart } from '@/lib/lazy-part';
import { useScrollPast } from '@/lib/use-scroll-past';
import { MenuIcon, CloseIcon } from '@/components/ui/icon';
import { isActivePath, navGroups, topLinks } from '../nav';
import { NavMenu } from './nav-menu';
import type { WalletSummarySlot } from './profile-dropdown';
import { ProfileMenu } from './profile-menu';
import { BrandLink } from './logo';
import styles from './header.module.css';

// The display options (theme, direction, Install app) sit in the header bar on a phone, where
// they cover nothing of the page; from 1024 px they float in a corner instead. Their
// code is a part of its own, as the floating toolbar's is.
const DisplayOptions = lazyPart(() => import('./display-options').then((m) => m.DisplayOptions), {
  optional: true,
});

export interface HeaderProps {
  /** The sync status. */
  status?: ReactNode;
  /** The search box, in the bar or across the open menu on a narrow screen. */
  search?: (placement: 'bar' | 'menu') => ReactNode;
  /** The wallet button. */
  wallet?: ReactNode;
  /** The notifications' bell (signed in). */
  bell?: ReactNode;
  /** The connected wallet's summary in the profile menu (`open`: the menu is open). */
  walletSummary?: WalletSummarySlot;
}

/** The shared top navigation (docs/product.md "On every page"). The app composes in what
 * other features own (the shell knows none of them): the sync status, the search box, the
 * wallet button, the notifications' bell and the wallet's summary. */
export function Header({ status, search, wallet, bell, walletSummary }: HeaderProps = {}) {
  const sticky = useScrollPast(STICKY_NAV_THRESHOLD_PX);
  const { pathname } = useLocation();
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);

  // A navigation closes every open menu.
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setOpenMenu(null);
    setMobileOpen(false);
  }

  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setMobileOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobileOpen]);

  return (
    <header className={styles.header} data-sticky={sticky ? 'true' : 'false'}>
      <div className={`container ${styles.bar}`}>
        <BrandLink className={styles.brand} nameClassName={styles.brandName} />

        <nav
          id="main-nav"
          aria-label="Main"
          className={styles.nav}
          data-open={mobileOpen ? 'true' : 'false'}
        >
          {search && <div className={styles.mobileSearch}>{search('menu')}</div>}
          <ul role="list" className={styles.navList}>
            {navGroups.map((group) => (
              <NavMenu
                key={group.id}
                group={group}
                open={openMenu === group.id}
                onToggle={setOpenMenu}
              />
            ))}
            {topLinks.map((link) => (
              <li key={link.to} className={styles.navItem}>
                <NavLink
                  to={link.to}
                  className={styles.navButton}
                  aria-current={isActivePath(pathname, link.to) ? 'page' : undefined}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className={styles.actions}>
          {status}
          {search?.('bar')}
          {wallet}
          {bell}
          <ProfileMenu walletSummary={walletSummary} />
          <Suspense fallback={<span className={styles.optionsSlot} aria-hidden="true" />}>
            <DisplayOptions placement="header" />
          </Suspense>
          <button
            type="button"
            className={styles.menuToggle}
            aria-expanded={mobileOpen}
            aria-controls="main-nav"
            aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMobileOpen((o) => !o)}
          >
            {mobileOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
    </header>
  );
}
