// The browser's sync engine in a worker of the leading tab (docs/sync.md "One engine per
// browser"): pulling, checking answers against the protocol's schemas, landing them in the
// device store, the live stream, compaction and the working set's trims run here, off every
// page's thread. The tabs speak to it over the BroadcastChannel (engine-host.ts); the leading
// tab hands it what only a page has (engine-worker-link.ts) and starts it with `start`.
import { createDbHandle } from '../device/db';
import { getSyncStatus, setSyncStatus, subscribeSyncStatus } from '../core/status';
import { SIGNED_OUT, type Owner } from '../owner';
import { BACKGROUND_PUSHED } from './background-sync';
import { BOOT_ASK_INIT, BOOT_ASKS_KEPT_MS, bootedFetch, setBootCursorKeeper } from './boot-asks';
import type { EngineWindow } from './browser-signals';
import { startSyncEngine } from './engine';
import { ENGINE_CHANNEL, hostEngine } from './engine-host';
import type { BootAnswer, TabToWorker, WorkerToTab } from './engine-worker-link';

interface WorkerScope {
  postMessage(message: WorkerToTab): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<TabToWorker>) => void): void;
  navigator: { locks?: LockManager };
}

const scope = self as unknown as WorkerScope;
const tell = (message: WorkerToTab) => scope.postMessage(message);

let owner: Owner = SIGNED_OUT;
let path = '/';
let online = true;
/** The page's signs, as the engine's window would give them. */
const signals = new EventTarget();
/** The service worker's messages, as the page passes them on. */
const serviceWorker = new EventTarget();
const win = Object.assign(signals, {
  navigator: {
    get onLine() {
      return online;
    },
    locks: scope.navigator.locks,
    serviceWorker,
  } as unknown as Navigator,
  location: {
    get pathname() {
      return path;
    },
  },
}) as EngineWindow;

/** The boot answers the page passes on, by path, until the engine takes them. */
const asks = new Map<string, Promise<Response>>();
const waiting = new Map<string, (answer: BootAnswer | null) => void>();

/** The boot answer for `path`, once the page passes it; a failed one is asked again here. */
function awaitAnswer(asked: string): Promise<Response> {
  const answered = new Promise<BootAnswer | null>((resolve) => waiting.set(asked, resolve)).then(
    (answer) =>
      answer
        ? new Response(answer.body, { status: answer.status, headers: answer.headers })
        : fetch(asked, BOOT_ASK_INIT),
  );
  // An answer the engine never takes fails quietly; the engine meets a failure it takes itself.
  answered.catch(() => undefined);
  return answered;
}

function start(message: Extract<TabToWorker, { type: 'start' }>): void {
  owner = message.owner;
  path = message.path;
  online = message.online;
  for (const asked of message.asked) asks.set(asked, awaitAnswer(asked));
  setTimeout(() => asks.clear(), BOOT_ASKS_KEPT_MS);
  setBootCursorKeeper((cursor) => tell({ type: 'cursor', cursor }));
  hostEngine({
    start: (visibility) =>
      startSyncEngine({
        db: createDbHandle(),
        fetch: bootedFetch(
          (input, init) => fetch(input, init),
          () => asks,
        ),
        owner: () => owner,
        win,
        live: { doc: visibility, win: signals },
        backgroundSync: async () => tell({ type: 'background-sync' }),
      }),
    channel: new BroadcastChannel(ENGINE_CHANNEL),
    status: { get: getSyncStatus, set: setSyncStatus, subscribe: subscribeSyncStatus },
    doc: null,
  });
}

scope.addEventListener('message', (event) => {
  const message = event.data;
  if (message.type === 'start') start(message);
  else if (message.type === 'answer') {
    waiting.get(message.path)?.(message.answer);
    waiting.delete(message.path);
  } else if (message.type === 'owner') {
    owner = message.owner;
    path = message.path;
  } else if (message.name === 'pushed') {
    serviceWorker.dispatchEvent(new MessageEvent('message', { data: { type: BACKGROUND_PUSHED } }));
  } else {
    if (message.name !== 'focus') online = message.name === 'online';
    signals.dispatchEvent(new Event(message.name));
  }
});
