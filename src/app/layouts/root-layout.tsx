import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router-dom';
import { DeviceChangesContext, DeviceSourceContext } from '@/components/cards/device-source';
import { HeaderSearch } from '@/features/search/components/header-search';
import { Header } from '@/features/shell/components/header';
import { useApplyAppearance } from '@/features/shell/use-appearance';
import { useDocumentTitle } from '@/features/shell/use-document-title';
import { subscribeDeviceChanges } from '@/features/sync/api';
import { SyncSlot } from '@/features/sync/components/sync-slot';
import { WalletButton } from '@/features/wallet/components/wallet-button';
import { setNetworkSwitcher } from '@/data/wallet-store';
import { lazyPart } from '@/lib/lazy-part';
import type { RouteHandle } from '../routes';
import styles from './root-layout.module.css';

// Service worker registration, update prompt and offline banner: a chunk of its own, loaded
// right after the first render so it never weighs on the first paint (the entry's size budget). If the
// chunk cannot be fetched (offline), the page goes on without it and it loads once back online.
const PwaStatus = lazyPart(
  () => import('@/features/pwa/components/pwa-status').then((m) => m.PwaStatus),
  { optional: true },
);

// The footer (below the fold) and the floating toolbar (fixed, so it cannot shift the layout)
// load in their own chunks right after the first paint: the entry stays within its budget.
const Footer = lazyPart(() => import('@/features/shell/components/footer').then((m) => m.Footer), {
  optional: true,
});
// The notifications' live regions: nothing to show until something is said.
const Toaster = lazyPart(() => import('@/components/ui/toaster').then((m) => m.Toaster), {
  optional: true,
});
const FloatingToolbar = lazyPart(
  () => import('@/features/shell/components/floating-toolbar').then((m) => m.FloatingToolbar),
  { optional: true },
);

// The notifications' bell (signed in): a part of its own, which loads the data layer only when
// it asks for the unread count.
const NotificationBell = lazyPart(
  () =>
    import('@/features/notifications/components/notification-bell').then((m) => m.NotificationBell),
  { optional: true },
);

// Only a connected wallet shows its summary (address, network, balance) in the profile menu:
// loaded when it does.
const WalletSummary = lazy(() =>
  import('@/features/wallet/components/wallet-summary').then((m) => ({
    default: m.WalletSummary,
  })),
);

// The network notice, which other features show too, offers the wallet feature's switch.
setNetworkSwitcher(() =>
  import('@/features/wallet/switch-network').then((m) => m.switchToTradingChain()),
);

// Components read the device through this (the cards' favourite and follow buttons, device
// images); the data layer stays out of the entry chunk, loaded when the first card asks.
const loadDeviceSource = () => import('@/data/data-access').then((m) => m.getDataAccess());

function useRouteTitle(): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.title) return handle.title;
  }
  return '';
}

/** The app shell around every screen (docs/product.md "On every page", footer, toolbar). */
export function RootLayout() {
  useApplyAppearance();
  useDocumentTitle(useRouteTitle());
  const navigation = useNavigation();
  return (
    <DeviceSourceContext value={loadDeviceSource}>
      <DeviceChangesContext value={subscribeDeviceChanges}>
        <div className={styles.shell}>
          <a className="skip-link" href="#main">
            Skip to content
          </a>
          {navigation.state === 'loading' && (
            <div className={styles.progress} role="progressbar" aria-label="Loading page" />
          )}
          <Header
            status={<SyncSlot />}
            search={(placement) => <HeaderSearch placement={placement} />}
            wallet={<WalletButton />}
            bell={
              <Suspense fallback={null}>
                <NotificationBell />
              </Suspense>
            }
            walletSummary={(open) => <WalletSummary open={open} />}
          />
          <main id="main" tabIndex={-1} className={styles.main}>
            <Outlet />
          </main>
          <Suspense fallback={null}>
            <Footer />
          </Suspense>
          <Suspense fallback={null}>
            <FloatingToolbar />
          </Suspense>
          <Suspense fallback={null}>
            <PwaStatus />
          </Suspense>
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
          <ScrollRestoration />
        </div>
      </DeviceChangesContext>
    </DeviceSourceContext>
  );
}
