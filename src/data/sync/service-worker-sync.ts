// The service worker's Background Sync script: bundled on its own into /sw-sync.js
// (scripts/sw-sync-script.ts), which the generated sw.js loads with importScripts.
import { createDbHandle } from '../device/db';
import { handleBackgroundSync, type WorkerScopeLike } from './background-push';

const scope = self as unknown as WorkerScopeLike & { navigator: Navigator };

handleBackgroundSync(scope, () => ({
  db: createDbHandle(),
  fetch: (input, init) => fetch(input, init),
  now: () => new Date(),
  locks: scope.navigator.locks ?? null,
}));
