// The "Install app" flow (docs/product.md: the toolbar's Download link becomes Install app): the
// browser's install prompt where offered, otherwise instructions for adding to the home screen.
import { create } from 'zustand';

interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface InstallState {
  deferred: BeforeInstallPromptEvent | null;
  installed: boolean;
  helpOpen: boolean;
  closeHelp: () => void;
  requestInstall: () => Promise<void>;
}

export const useInstallStore = create<InstallState>()((set, get) => ({
  deferred: null,
  // Until listenForInstallPrompt has looked (the app's first task after its modules load).
  installed: false,
  helpOpen: false,
  closeHelp: () => set({ helpOpen: false }),
  requestInstall: async () => {
    const { deferred } = get();
    if (!deferred) {
      set({ helpOpen: true });
      return;
    }
    await deferred.prompt();
    const choice = await deferred.userChoice;
    set({ deferred: null, installed: choice.outcome === 'accepted' });
  },
}));

function markInstalled(): void {
  useInstallStore.setState({ deferred: null, installed: true, helpOpen: false });
}

/**
 * Listens for the browser's install events; call once at start-up. Already running as the
 * installed app (display-mode standalone, or iOS's navigator.standalone) counts as installed. "Install app" hides once
 * Artmint is installed: on `appinstalled`, when this page moves into the app window
 * (display-mode becomes standalone), and in a browser tab when the browser reports the app
 * as already installed (`getInstalledRelatedApps`, Chromium; the manifest lists Artmint
 * itself under related_applications).
 */
export function listenForInstallPrompt(): void {
  const standalone = window.matchMedia?.('(display-mode: standalone)');
  if (standalone?.matches || (navigator as Navigator & { standalone?: boolean }).standalone) {
    markInstalled();
  }
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    if (!useInstallStore.getState().installed) {
      useInstallStore.setState({ deferred: event as BeforeInstallPromptEvent });
    }
  });
  window.addEventListener('appinstalled', markInstalled);
  standalone?.addEventListener?.('change', (event) => {
    if (event.matches) markInstalled();
  });
  const nav = navigator as Navigator & { getInstalledRelatedApps?: () => Promise<unknown[]> };
  nav
    .getInstalledRelatedApps?.()
    .then((apps) => {
      if (apps.length > 0) markInstalled();
    })
    .catch(() => undefined);
}

export type InstallPlatform = 'ios' | 'android' | 'desktop';

export function detectPlatform(userAgent: string): InstallPlatform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'desktop';
}
