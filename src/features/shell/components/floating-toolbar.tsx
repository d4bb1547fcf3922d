import { lazy, Suspense } from 'react';
import { BACK_TO_TOP_THRESHOLD_PX, SCROLL_TO_TOP_DURATION_MS } from '@/config/constants';
import { useScrollPast } from '@/lib/use-scroll-past';
import { scrollToTop } from '@/lib/smooth-scroll';
import { ArrowUpIcon, DownloadIcon, MoonIcon, SunIcon } from '@/components/ui/content-icons';
import { useDirectionStore, useThemeStore } from '../appearance-store';
import { useEffectiveTheme } from '../use-appearance';
import { useInstallStore } from '../install/install-store';
import styles from './floating-toolbar.module.css';

// The help dialog (and the modal it uses) loads only when opened, keeping the entry small.
const InstallHelp = lazy(() =>
  import('../install/install-help').then((m) => ({ default: m.InstallHelp })),
);

/** The floating toolbar (spec section 1): back to top, theme, direction, Install app. */
export function FloatingToolbar() {
  const showBackToTop = useScrollPast(BACK_TO_TOP_THRESHOLD_PX);
  const theme = useEffectiveTheme();
  const setTheme = useThemeStore((s) => s.setChoice);
  const dir = useDirectionStore((s) => s.dir);
  const setDir = useDirectionStore((s) => s.setDir);
  const installed = useInstallStore((s) => s.installed);
  const requestInstall = useInstallStore((s) => s.requestInstall);
  const helpOpen = useInstallStore((s) => s.helpOpen);
  const nextTheme = theme === 'dark' ? 'light' : 'dark';
  const nextDir = dir === 'ltr' ? 'rtl' : 'ltr';

  return (
    <>
      <div className={styles.toolbar} role="toolbar" aria-label="Display and app options">
        <button
          type="button"
          className={styles.button}
          onClick={() => setTheme(nextTheme)}
          aria-label={`Switch to ${nextTheme} theme`}
          title={`Switch to ${nextTheme} theme`}
        >
          {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
        </button>
        <button
          type="button"
          className={styles.button}
          onClick={() => setDir(nextDir)}
          // The visible text (RTL/LTR) starts the name, so voice control users can say it.
          aria-label={
            nextDir === 'rtl'
              ? 'RTL: switch to right-to-left layout'
              : 'LTR: switch to left-to-right layout'
          }
          title={nextDir === 'rtl' ? 'Right to left' : 'Left to right'}
        >
          <span className={styles.text}>{nextDir.toUpperCase()}</span>
        </button>
        {!installed && (
          <button
            type="button"
            className={styles.button}
            onClick={() => void requestInstall()}
            aria-label="Install app"
            title="Install app"
          >
            <DownloadIcon />
          </button>
        )}
      </div>
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
