// The display and app options (docs/product.md "On every page" floating toolbar: dark/light,
// LTR/RTL, Download as "Install app"): one round button that unfolds the three options (a
// disclosure: Escape or a click elsewhere folds them away). On a phone it sits in the header bar,
// where it covers nothing of the page (in the bottom corner it lay over home's search field); from
// 1024 px it floats in the bottom start corner. Each placement renders its own, and CSS shows the
// one that fits the width.
import { useCallback, useId, useRef, useState } from 'react';
import { useDismiss } from '@/lib/use-dismiss';
import { DownloadIcon, MoonIcon, SlidersIcon, SunIcon } from '@/components/ui/content-icons';
import { useDirectionStore, useThemeStore } from '../appearance-store';
import { useEffectiveTheme } from '../use-appearance';
import { useInstallStore } from '../install/install-store';
import styles from './floating-toolbar.module.css';

export type OptionsPlacement = 'header' | 'floating';

export function DisplayOptions({ placement }: { placement: OptionsPlacement }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useDismiss(rootRef, open, close, toggleRef);
  const panelId = useId();
  const toggleId = useId();

  return (
    <div ref={rootRef} className={styles.root} data-placement={placement}>
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
