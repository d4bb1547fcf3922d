// The leading tab's side of its engine worker (engine-worker.ts, docs/sync.md "One engine per
// browser"): starts it with who is signed in, where the collector is and the answers the page's
// <head> asked for at boot, passes on the browser's signs (online, offline, focus, the service
// worker's background push) and a sign-in or sign-out, and does for it what only a page can.
import { currentOwner } from '../owner';
import { useSessionStore } from '../session-store';
import { BACKGROUND_PUSHED, requestBackgroundSync } from './background-sync';
import { keepBootCursor } from './boot-asks';
import type { BootAnswer, TabToWorker, WorkerToTab } from './engine-worker-link';

/** A boot answer as text for the worker; null when it failed (the worker asks again). */
async function readAnswer(answer: Promise<Response>): Promise<BootAnswer | null> {
  try {
    const response = (await answer).clone();
    return { status: response.status, headers: [...response.headers], body: await response.text() };
  } catch {
    return null;
  }
}

/** Starts the engine in a worker; null where the browser runs none. `failed`: it could not
 * load or stopped on an error, and was ended (the tab runs the engine itself then). */
export function spawnEngineWorker(failed: () => void): { stop(): void } | null {
  if (typeof Worker !== 'function') return null;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./engine-worker.ts', import.meta.url), {
      type: 'module',
      name: 'artmint-sync',
    });
  } catch {
    return null;
  }
  const send = (message: TabToWorker) => worker.postMessage(message);
  const signals = (['online', 'offline', 'focus'] as const).map((name) => {
    const listener = () => send({ type: 'signal', name });
    window.addEventListener(name, listener);
    return () => window.removeEventListener(name, listener);
  });
  const serviceWorker = navigator.serviceWorker as ServiceWorkerContainer | undefined;
  const onServiceWorker = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === BACKGROUND_PUSHED) {
      send({ type: 'signal', name: 'pushed' });
    }
  };
  serviceWorker?.addEventListener('message', onServiceWorker);
  const unsubscribe = useSessionStore.subscribe(() =>
    send({ type: 'owner', owner: currentOwner(), path: location.pathname }),
  );
  worker.onmessage = (event: MessageEvent<WorkerToTab>) => {
    if (event.data.type === 'cursor') keepBootCursor(event.data.cursor);
    else void requestBackgroundSync();
  };
  const stop = () => {
    for (const unwatch of signals) unwatch();
    serviceWorker?.removeEventListener('message', onServiceWorker);
    unsubscribe();
    worker.terminate();
  };
  worker.onerror = (event) => {
    event.preventDefault();
    console.warn('Artmint: the sync worker stopped; this tab syncs on its own thread.');
    stop();
    failed();
  };
  const asks = window.artmintBootAsks ?? new Map<string, Promise<Response>>();
  send({
    type: 'start',
    owner: currentOwner(),
    path: location.pathname,
    online: navigator.onLine !== false,
    asked: [...asks.keys()],
  });
  for (const [path, answer] of asks) {
    void readAnswer(answer).then((read) => send({ type: 'answer', path, answer: read }));
  }
  return { stop };
}
