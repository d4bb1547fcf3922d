// Registers the service worker that vite-plugin-pwa generates (dist/sw.js, `registerType:
// 'prompt'`) with workbox-window, and turns what it reports into UI state. docs/architecture.md
// convention 10: updates ask first; the page reloads only when the user chose Reload, after
// saving what they typed (reload-snapshot.ts). (Like the plugin's own `virtual:pwa-register`,
// without its automatic reload; importing workbox-window directly keeps this module testable.
// It is loaded on its own, after the page, so it costs the first render nothing.)
import type { Workbox } from 'workbox-window';
import { showToast } from '@/components/ui/toast';
import { showUpdatePrompt, usePwaStore } from './pwa-store';
import { restoreReloadSnapshot, saveReloadSnapshot } from './reload-snapshot';
import { startUpdateChecks } from './update-checks';

export const SERVICE_WORKER_URL = '/sw.js';
/** If the new version has not taken over this long after Reload, reload anyway. */
export const RELOAD_FALLBACK_MS = 5000;

let started = false;
let workbox: Workbox | null = null;
/** The new version already controls this page (Reload was chosen here or in another tab). */
let newVersionControls = false;

function reloadNow(): void {
  window.location.reload();
}

function announceRestoredValues(restored: number): void {
  if (restored === 0) return;
  showToast({
    tone: 'info',
    title: 'Artmint was updated',
    description: 'What you had typed is still here.',
  });
}

async function registerServiceWorker(): Promise<void> {
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
  workbox = wb;

  // The first install: everything is precached, the app now opens with no network.
  wb.addEventListener('installed', (event) => {
    if (event.isUpdate || event.isExternal) return;
    showToast({
      tone: 'success',
      title: 'Ready to work offline',
      description: 'Every page and image is saved on this device.',
    });
  });
  // A new version is installed and waits for the user's Reload (also on a later page load).
  wb.addEventListener('waiting', () => showUpdatePrompt());
  // The new version took control. Reload only if the user asked for it in this tab; when
  // another tab chose Reload, leave this page (and its forms) as they are and keep asking.
  wb.addEventListener('controlling', (event) => {
    if (!event.isUpdate && !event.isExternal) return;
    newVersionControls = true;
    if (usePwaStore.getState().reloading) reloadNow();
    else showUpdatePrompt();
  });

  const registration = await wb.register();
  if (registration) startUpdateChecks(registration);
}

/**
 * Call once at start-up (more calls do nothing): restores form values saved before a prompted
 * reload, registers the service worker in production builds and starts the update checks.
 */
export function startPwa(): void {
  if (started) return;
  started = true;
  restoreReloadSnapshot({ onDone: announceRestoredValues });
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // A browser that refuses service workers (some private modes, policies) still runs the app,
  // only without offline support: a warning, not an error.
  registerServiceWorker().catch((error: unknown) => {
    console.warn('Artmint could not set up its offline support.', error);
  });
}

/** The user chose Reload: save the page's form values, let the new version in, reload. */
export function applyUpdate(): void {
  if (usePwaStore.getState().reloading) return;
  usePwaStore.setState({ reloading: true });
  saveReloadSnapshot();
  if (newVersionControls || !workbox) {
    reloadNow();
    return;
  }
  window.setTimeout(reloadNow, RELOAD_FALLBACK_MS);
  workbox.messageSkipWaiting();
}
