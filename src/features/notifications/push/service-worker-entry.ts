// The service worker's Web Push script: bundled on its own and appended to /sw-sync.js
// (scripts/sw-sync-script.ts), which the generated sw.js loads with importScripts.
import { handleWebPush, type PushScopeLike } from './service-worker-push';

handleWebPush(self as unknown as PushScopeLike);
