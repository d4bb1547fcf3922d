// One push of the outbox and one pull of the change log, each landing in the device store
// through applyServerWord. Mutations of one record go in order; a record whose image could not
// be uploaded waits alone, so independent changes never wait behind a failed or large one.
import type { DbHandle } from '../device/db';
import { accountOwner, SIGNED_OUT, type Owner } from '../owner';
import { deviceImageKeys } from '../image-ref';
import { isImageRecord } from '../schemas';
import { applyServerWord, readCursor, readStoredCursor } from './apply';
import { finishSnapshot, followsOtherLog, forgetLaterStamps } from './snapshot-end';
import { healKept } from './heal';
import { checkSession, pull, push, snapshot, uploadImage, type Failure, type Fetch } from './http';
import type { ApiResult } from '../contract/data-access';
import { readQueue } from './own-outbox';
import { toWire, type QueuedMutation } from '../core/outbox';
import { ANONYMOUS_KINDS, PUSH_BATCH_MAX, type LiveBatch } from '@shared/protocol';
import { setSyncStatus, getSyncStatus } from '../core/status';

export interface CycleContext {
  db: DbHandle;
  fetch: Fetch;
  now: () => Date;
  /** Who is signed in on this device now (the app's session): whose changes it counts. */
  owner: () => Owner;
  /** The snapshot's page of what the collector looks at (focus.ts), asked for first. */
  focus?: () => string | undefined;
}

export type CycleResult = { kind: 'ok'; more?: boolean } | Failure;

/** How a push ended; `uploads` when its refused batch held an upload (an item), so that a
 * refusal for a rate holds the uploads alone (push-limit.ts). */
export type PushOutcome = CycleResult & { uploads?: boolean };

/** Whom the server's session belongs to (the session cookie goes along): an account's owner,
 * or SIGNED_OUT. */
export async function askSessionOwner(fetcher: Fetch): Promise<ApiResult<Owner>> {
  const asked = await checkSession(fetcher);
  if (asked.kind !== 'ok') return asked;
  const { account } = asked.value;
  return { kind: 'ok', value: account ? accountOwner(account.id) : SIGNED_OUT };
}

/** Pages of the change log pulled in one go, at most (the next cycle goes on). */
const PULL_PAGES_MAX = 20;

async function uploadFor(ctx: CycleContext, m: QueuedMutation): Promise<Failure | null> {
  for (const key of deviceImageKeys(m)) {
    const image = await (await ctx.db.get()).get('images', key);
    if (!isImageRecord(image)) continue; // Gone from the device: the server says what then.
    const sent = await uploadImage(ctx.fetch, image.key, image.data, image.type);
    if (sent.kind !== 'ok') return sent;
  }
  return null;
}

/**
 * Pushes the waiting mutations of `session`, the owner the server's session belongs to (one
 * batch); `more` when others still wait. Signed out on the server, only what needs no account
 * and was made signed out goes. Another account's changes wait for that account's session:
 * never sent under someone else's. With `holdUploads` (the server limits this account's
 * uploads for now), uploads wait, with later changes to their records; the others go on.
 */
export async function pushOutbox(
  ctx: CycleContext,
  session: Owner,
  holdUploads = false,
): Promise<PushOutcome> {
  const anonymousOnly = session === SIGNED_OUT;
  const waiting = (await readQueue(ctx.db)).filter(
    (m) => m.state === 'waiting' && m.owner === session,
  );
  const held = new Set<string>();
  const batch: QueuedMutation[] = [];
  let failure: Failure | null = null;
  for (const m of waiting) {
    if (batch.length >= PUSH_BATCH_MAX) break;
    if (held.has(m.key)) continue;
    if (anonymousOnly && !ANONYMOUS_KINDS.includes(m.kind)) continue;
    if (holdUploads && m.kind === 'item') {
      held.add(m.key);
      continue;
    }
    const upload = await uploadFor(ctx, m);
    if (upload) {
      // This record waits (in order); the others go on.
      held.add(m.key);
      failure ??= upload;
      continue;
    }
    batch.push(m);
  }
  if (batch.length === 0) return failure ?? { kind: 'ok' };
  const sent = await push(ctx.fetch, batch.map(toWire));
  if (sent.kind !== 'ok') return { ...sent, uploads: batch.some((m) => m.kind === 'item') };
  await applyServerWord(ctx.db, { results: sent.value.results, at: ctx.now().toISOString() });
  bump();
  if (failure) return failure;
  const more = waiting.length > batch.length + held.size && batch.length === PUSH_BATCH_MAX;
  return { kind: 'ok', more };
}

/** The device store changed through sync: the screens read it again (boot.ts refreshOnSync). */
export function bump(): void {
  setSyncStatus({ version: getSyncStatus().version + 1 });
}

/**
 * Lands a batch of the live stream, as a pull would. False when the device's cursor is behind
 * the batch's start (some entries never reached it): then a pull must fill the gap.
 */
export async function applyLiveBatch(
  ctx: Pick<CycleContext, 'db' | 'now'>,
  batch: LiveBatch,
): Promise<boolean> {
  const stored = await readCursor(ctx.db);
  if (stored < batch.since) return false;
  const fresh = batch.changes.filter((change) => change.seq > stored);
  if (fresh.length > 0) {
    await applyServerWord(ctx.db, {
      changes: fresh,
      fromLog: true,
      cursor: batch.cursor,
      at: ctx.now().toISOString(),
    });
  }
  // Even when another tab's pull landed them first: that tab refreshed only its own screens.
  if (batch.changes.length > 0) bump();
  return true;
}

/** Lets the page's own work run between two steps of a long sync (no long task). */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts the device from the server's current state (docs/sync.md "Snapshot"): the page of what
 * the collector opened first (ctx.focus), when there is one, and its screens refresh at once;
 * then the rest, page after page, each landing through applyServerWord; then what the server no
 * longer has goes, and the cursor is the first page's, which the log follows from.
 */
export async function startFromSnapshot(ctx: CycleContext): Promise<CycleResult> {
  let page = await snapshot(ctx.fetch, ctx.focus?.());
  if (page.kind !== 'ok') return page;
  const { cursor: base, logId } = page.value;
  // Ahead of the snapshot, or another log: the server's log went back (snapshot-end.ts).
  await forgetLaterStamps(ctx.db, base, logId);
  let pages = 0;
  for (;;) {
    await applyServerWord(ctx.db, { changes: page.value.records, at: ctx.now().toISOString() });
    pages += 1;
    if (pages === 1) bump();
    const { next } = page.value;
    if (next === null) break;
    await yieldToMain();
    page = await snapshot(ctx.fetch, next);
    if (page.kind !== 'ok') return page;
  }
  const removed = await finishSnapshot(ctx.db, base, logId);
  // The screens read again only when the store changed since the first page's refresh: each
  // refresh redraws the page, sync's costliest step on a phone (docs/performance.md).
  if (pages > 1 || removed > 0) bump();
  return { kind: 'ok' };
}

/** The stored cursor; null when the device has none (0 when the store cannot say). */
async function storedCursor(db: DbHandle): Promise<number | null> {
  try {
    return await readStoredCursor(db);
  } catch {
    return 0;
  }
}

/**
 * Pulls the change log since the stored cursor into the device store. A device with no cursor,
 * or one the server tells to start over (behind the log's horizon, or too far behind), starts
 * from the snapshot; a server without one (failed: the route is not there) is followed from the
 * log's start.
 */
export async function pullAll(ctx: CycleContext): Promise<CycleResult> {
  let startedOver = false;
  if ((await storedCursor(ctx.db)) === null) {
    const started = await startFromSnapshot(ctx);
    if (started.kind !== 'ok' && started.kind !== 'failed') return started;
    startedOver = started.kind === 'ok';
  }
  let since = await readCursor(ctx.db);
  for (let page = 0; page < PULL_PAGES_MAX; page += 1) {
    const answer = await pull(ctx.fetch, since);
    if (answer.kind !== 'ok') return answer;
    const { changes, cursor, more, reset, logId } = answer.value;
    if (reset || (await followsOtherLog(ctx.db, logId))) {
      // Once per pull: the next cycle goes on if the log moved past the snapshot again.
      if (startedOver) return { kind: 'ok', more: true };
      startedOver = true;
      const started = await startFromSnapshot(ctx);
      if (started.kind !== 'ok') return started;
      since = await readCursor(ctx.db);
      continue;
    }
    if (changes.length > 0 || cursor !== since) {
      await applyServerWord(ctx.db, {
        changes,
        fromLog: true,
        cursor,
        at: ctx.now().toISOString(),
      });
      // Only the cursor moved (entries the device does not keep): nothing on screen changed.
      if (changes.length > 0) bump();
    }
    since = cursor;
    // After a start-over, what the device kept outside the snapshot is brought current (heal.ts).
    if (!more) return healKept(ctx, bump);
  }
  return { kind: 'ok', more: true };
}
