import { lazy, Suspense } from 'react';
import { BACK_TO_TOP_THRESHOLD_PX, SCROLL_TO_TOP_DURATION_MS } from '@/config/constants';
import { useScrollPast } from '@/lib/use-scroll-past';
import { scrollToTop } from '@/lib/smooth-scroll';
import { ArrowUpIcon } from '@/components/ui/content-icons';
import { useInstallStore } from '../install/install-store';
import { DisplayOptions } from './display-options';
import styles from './floating-toolbar.module.css';

// The help dialog (and the modal it uses) loads only when opened, keeping the entry small.
const InstallHelp = lazy(() =>
  import('../install/install-help').then((m) => ({ default: m.InstallHelp })),
);

/**
 * The floating toolbar (docs/product.md "On every page"): from 1024 px, the display options (theme,
 * direction, Install app) behind one round button in the bottom start corner (on a phone that
 * button is in the header: display-options.tsx); at every width, back to top in the bottom end
 * corner once the page is scrolled past 300 px.
 */
export function FloatingToolbar() {
  const showBackToTop = useScrollPast(BACK_TO_TOP_THRESHOLD_PX);
  const helpOpen = useInstallStore((s) => s.helpOpen);

  return (
    <>
      <DisplayOptions placement="floating" />
      {showBackToTop && (
        <button
          type="button"
          className={styles.backToTop}
          onClick={() => scrollToTop(SCROLL_TO_TOP_DURATION_MS)}
          aria-label="Back to top"
        >
          <ArrowUpIcon />
        </button>
      )}
      {helpOpen && (
        <Suspense fallback={null}>
          <InstallHelp />
        </Suspense>
      )}
    </>
  );
}
