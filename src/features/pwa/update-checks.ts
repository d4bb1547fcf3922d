// When to look for a new version (docs/architecture.md convention 10): every hour while the app is
// open and online, when the network comes back and when the app returns to the foreground.
// A check is `registration.update()`: the browser fetches sw.js, bypassing the HTTP cache; if
// it changed, the new worker installs and waits, and the update prompt appears.

export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** Foreground and reconnect checks closer together than this are skipped. */
export const UPDATE_CHECK_MIN_GAP_MS = 60 * 1000;

type Registration = Pick<ServiceWorkerRegistration, 'installing' | 'update'>;

interface UpdateCheckOptions {
  intervalMs?: number;
  minGapMs?: number;
  now?: () => number;
}

/** Starts the checks; returns a function that stops them. */
export function startUpdateChecks(
  registration: Registration,
  {
    intervalMs = UPDATE_CHECK_INTERVAL_MS,
    minGapMs = UPDATE_CHECK_MIN_GAP_MS,
    now = Date.now,
  }: UpdateCheckOptions = {},
): () => void {
  let inFlight = false;
  let lastCheck = Number.NEGATIVE_INFINITY;

  const check = async (force: boolean) => {
    if (inFlight || registration.installing || !navigator.onLine) return;
    if (!force && now() - lastCheck < minGapMs) return;
    inFlight = true;
    lastCheck = now();
    try {
      await registration.update();
    } catch {
      // The server is down or the network is gone: the next check tries again.
    } finally {
      inFlight = false;
    }
  };

  const onVisible = () => {
    if (document.visibilityState === 'visible') void check(false);
  };
  const onOnline = () => void check(false);
  const timer = window.setInterval(() => void check(true), intervalMs);
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('online', onOnline);

  return () => {
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('online', onOnline);
  };
}
