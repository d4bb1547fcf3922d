// /sw-sync.js, the service worker's Background Sync handler (src/data/sync/service-worker-sync.ts
// and the engine's push it shares with the app) and its Web Push handlers
// (src/features/notifications/push/service-worker-entry.ts), each bundled as a classic script,
// in one file that the generated sw.js loads with importScripts (the Workbox options in
// vite.config.ts). The build emits it with its other files; the dev server registers no service
// worker.
import type { Plugin } from 'vite';
import { bundleClassicScript } from './classic-script.ts';

export const SW_SYNC_SCRIPT = 'sw-sync.js';

export function serviceWorkerSyncScript(): Plugin {
  return {
    name: 'artmint:sw-sync',
    apply: 'build',
    async generateBundle() {
      if (this.environment.name !== 'client') return;
      const scripts = await Promise.all([
        bundleClassicScript('data/sync/service-worker-sync.ts'),
        bundleClassicScript('features/notifications/push/service-worker-entry.ts'),
      ]);
      const source = scripts.join('\n');
      this.emitFile({ type: 'asset', fileName: SW_SYNC_SCRIPT, source });
    },
  };
}
