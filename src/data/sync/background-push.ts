// Background Sync, the service worker's side: the sync event pushes the device's waiting
// changes with the engine's own push (cycle.ts pushOutbox: the same endpoint, idempotency ids,
// order per record and image uploads) under the same Web Lock as the tabs' engines, and the
// server's answers land in the device store through the same path, so the app shows them as
// synced or refused when it opens next. Only the session's own changes go, as in a tab.
import type { DbHandle } from '../device/db';
import { BACKGROUND_PUSHED, BACKGROUND_SYNC_TAG } from './background-sync';
import { askSessionOwner, pushOutbox } from './cycle';
import { withSyncLock } from './own-outbox';
import type { Fetch } from './http';

export interface BackgroundPushContext {
  db: DbHandle;
  fetch: Fetch;
  now: () => Date;
  locks: Pick<LockManager, 'request'> | null;
}

/** The push has to wait (no network, the server down or busy): the sync event's promise
 * rejects with it, and the browser fires the event again later. */
export class PushLaterError extends Error {
  constructor() {
    super('Artmint could not reach its server; the browser tries again later.');
    this.name = 'PushLaterError';
  }
}

/** Batches pushed in one sync event, at most (PUSH_BATCH_MAX each): what is left waits for
 * the app, so a server that never settles a batch cannot keep the worker busy. */
const ROUNDS_MAX = 40;

/**
 * Pushes every waiting change of the server session's owner, batch after batch. Resolves when
 * none is left, or when the rest is not this session's to push (signed out meanwhile, another
 * account's, a server without sync); throws PushLaterError while the server is out of reach.
 */
export async function pushInBackground(ctx: BackgroundPushContext): Promise<void> {
  const asked = await askSessionOwner(ctx.fetch);
  if (asked.kind !== 'ok') {
    // No server with an API here (a static host): nothing to retry.
    if (asked.kind === 'offline') throw new PushLaterError();
    return;
  }
  const session = asked.value;
  const cycle = { ...ctx, owner: () => session };
  await withSyncLock(ctx.locks, async () => {
    for (let round = 0; round < ROUNDS_MAX; round += 1) {
      const result = await pushOutbox(cycle, session);
      if (result.kind !== 'ok') {
        if (result.kind === 'offline') throw new PushLaterError();
        return;
      }
      if (!result.more) return;
    }
  });
}

/** The service worker scope's parts the handler uses (TypeScript's DOM types lack them). */
export interface SyncEventLike extends Event {
  readonly tag: string;
  waitUntil(promise: Promise<unknown>): void;
}
export interface WorkerScopeLike {
  addEventListener(type: 'sync', listener: (event: SyncEventLike) => void): void;
  clients: {
    matchAll(options: {
      type: 'window';
    }): Promise<readonly { postMessage(message: unknown): void }[]>;
  };
}

/**
 * Handles the app's sync event in `scope`: `waitUntil` covers the whole push, and a push that
 * must wait rejects, so the browser tries again later. Afterwards the app's open windows are
 * told, so their engines count and pull again.
 */
export function handleBackgroundSync(
  scope: WorkerScopeLike,
  context: () => BackgroundPushContext,
): void {
  scope.addEventListener('sync', (event) => {
    if (event.tag !== BACKGROUND_SYNC_TAG) return;
    event.waitUntil(
      (async () => {
        const ctx = context();
        try {
          await pushInBackground(ctx);
        } finally {
          // Never hold the device database open between events: a newer app may upgrade it.
          ctx.db.close();
        }
        const windows = await scope.clients.matchAll({ type: 'window' });
        for (const client of windows) client.postMessage({ type: BACKGROUND_PUSHED });
      })(),
    );
  });
}
