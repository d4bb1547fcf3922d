// The browser's signs that the sync engine (engine.ts) should try again: back online, gone
// offline, the tab in focus again, or the service worker saying it pushed in the background.
import { BACKGROUND_PUSHED } from './background-sync';

export type EngineWindow = Pick<Window, 'addEventListener' | 'removeEventListener'> & {
  navigator: Navigator;
  /** Where the collector is: the snapshot's first page (focus.ts). */
  location?: Pick<Location, 'pathname'>;
};

/** The browser's signs that it is worth trying again; returns the unsubscribe. */
export function watchBrowser(
  win: EngineWindow,
  on: { online(): void; offline(): void; focus(): void; backgroundPushed(): void },
): () => void {
  // The service worker pushed this device's changes (a Background Sync).
  const workers = win.navigator.serviceWorker as ServiceWorkerContainer | undefined;
  const onWorkerMessage = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === BACKGROUND_PUSHED)
      on.backgroundPushed();
  };
  win.addEventListener('online', on.online);
  win.addEventListener('offline', on.offline);
  win.addEventListener('focus', on.focus);
  workers?.addEventListener('message', onWorkerMessage);
  return () => {
    win.removeEventListener('online', on.online);
    win.removeEventListener('offline', on.offline);
    win.removeEventListener('focus', on.focus);
    workers?.removeEventListener('message', onWorkerMessage);
  };
}
