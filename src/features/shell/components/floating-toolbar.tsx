import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { BACK_TO_TOP_THRESHOLD_PX, SCROLL_TO_TOP_DURATION_MS } from '@/config/constants';
import { useScrollPast } from '@/lib/use-scroll-past';
import { useDismiss } from '@/lib/use-dismiss';
import { scrollToTop } from '@/lib/smooth-scroll';
import {
  ArrowUpIcon,
  DownloadIcon,
  MoonIcon,
  SlidersIcon,
  SunIcon,
} from '@/components/ui/content-icons';
import { useDirectionStore, useThemeStore } from '../appearance-store';
import { useEffectiveTheme } from '../use-appearance';
import { useInstallStore } from '../install/install-store';
import styles from './floating-toolbar.module.css';

// The help dialog (and the modal it uses) loads only when opened, keeping the entry small.
const InstallHelp = lazy(() =>
  import('../install/install-help').then((m) => ({ default: m.InstallHelp })),
);

/**
 * The floating toolbar (spec section 1): theme, direction and Install app behind one round
 * button in the bottom start corner, and back to top in the bottom end corner. Folded into one
 * button it covers no more of the page than back to top does; the three options open above it
 * (a disclosure: Escape or a click elsewhere folds them away).
 */
export function FloatingToolbar() {
  const showBackToTop = useScrollPast(BACK_TO_TOP_THRESHOLD_PX);
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useDismiss(rootRef, open, close, toggleRef);
  const panelId = useId();
  const toggleId = useId();
  const helpOpen = useInstallStore((s) => s.helpOpen);

  return (
    <>
      <div ref={rootRef} className={styles.root}>
        <button
          ref={toggleRef}
          id={toggleId}
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={panelId}
          aria-label="Display and app options"
          title="Display and app options"
          onClick={() => setOpen((o) => !o)}
        >
          <SlidersIcon />
        </button>
        {open && (
          <div id={panelId} className={styles.panel} role="group" aria-labelledby={toggleId}>
            <ToolbarOptions
              beforeDialog={() => {
                // The dialog gives focus back to what had it: the toggle, as the options fold.
                toggleRef.current?.focus();
                close();
              }}
            />
          </div>
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

function ToolbarOptions({ beforeDialog }: { beforeDialog: () => void }) {
  const theme = useEffectiveTheme();
  const setTheme = useThemeStore((s) => s.setChoice);
  const dir = useDirectionStore((s) => s.dir);
  const setDir = useDirectionStore((s) => s.setDir);
  const installed = useInstallStore((s) => s.installed);
  const requestInstall = useInstallStore((s) => s.requestInstall);
  const nextTheme = theme === 'dark' ? 'light' : 'dark';
  const nextDir = dir === 'ltr' ? 'rtl' : 'ltr';
  return (
    <>
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
          onClick={() => {
            beforeDialog();
            void requestInstall();
          }}
          aria-label="Install app"
          title="Install app"
        >
          <DownloadIcon />
        </button>
      )}
    </>
  );
}
