import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as InstallStoreModule from '../install-store';

let store: typeof InstallStoreModule;
let displayModeChange: ((event: { matches: boolean }) => void) | null;

function installPromptEvent() {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  return Object.assign(event, {
    prompt: vi.fn(() => Promise.resolve()),
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  });
}

beforeEach(async () => {
  vi.resetModules();
  displayModeChange = null;
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: false,
        media: query,
        addEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => {
          displayModeChange = listener;
        },
      }) as unknown as MediaQueryList,
  );
  store = await import('../install-store');
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'getInstalledRelatedApps');
});

describe('install store', () => {
  it('keeps the browser install prompt for the Install app button', () => {
    store.listenForInstallPrompt();
    const event = installPromptEvent();
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(store.useInstallStore.getState().deferred).toBe(event);
  });

  it('counts as installed after the browser installs it', () => {
    store.listenForInstallPrompt();
    window.dispatchEvent(installPromptEvent());
    window.dispatchEvent(new Event('appinstalled'));
    expect(store.useInstallStore.getState()).toMatchObject({ installed: true, deferred: null });
  });

  it('counts as installed when it starts in the app window', () => {
    vi.mocked(window.matchMedia).mockImplementation(
      (query: string) =>
        ({ matches: true, media: query, addEventListener: () => {} }) as unknown as MediaQueryList,
    );
    expect(store.useInstallStore.getState().installed).toBe(false);
    store.listenForInstallPrompt();
    expect(store.useInstallStore.getState().installed).toBe(true);
  });

  it('counts as installed when the page moves into the app window', () => {
    store.listenForInstallPrompt();
    displayModeChange?.({ matches: true });
    expect(store.useInstallStore.getState().installed).toBe(true);
  });

  it('counts as installed in a browser tab when the browser says the app is installed', async () => {
    Object.defineProperty(navigator, 'getInstalledRelatedApps', {
      value: () => Promise.resolve([{ platform: 'webapp' }]),
      configurable: true,
    });
    store.listenForInstallPrompt();
    await vi.waitFor(() => expect(store.useInstallStore.getState().installed).toBe(true));
    // A later install prompt does not bring the button back.
    window.dispatchEvent(installPromptEvent());
    expect(store.useInstallStore.getState().deferred).toBeNull();
  });

  it('stays installable when the browser reports no installed app', async () => {
    Object.defineProperty(navigator, 'getInstalledRelatedApps', {
      value: () => Promise.resolve([]),
      configurable: true,
    });
    store.listenForInstallPrompt();
    await Promise.resolve();
    await Promise.resolve();
    expect(store.useInstallStore.getState().installed).toBe(false);
  });

  it('opens the instructions where the browser offers no prompt (iOS)', async () => {
    await store.useInstallStore.getState().requestInstall();
    expect(store.useInstallStore.getState().helpOpen).toBe(true);
    expect(store.detectPlatform('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe(
      'ios',
    );
  });
});
