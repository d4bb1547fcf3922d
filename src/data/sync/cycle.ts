// One push of the outbox and one pull of the change log, each landing in the device store
// through applyServerWord. Mutations of one record go in order; a record whose image could not
// be uploaded waits alone, so independent changes never wait behind a failed or large one.
import type { DbHandle } from '../device/db';
import { isImageRecord } from '../schemas';
import { applyServerWord, readCursor } from './apply';
import { pull, push, uploadImage, type Failure, type Fetch } from './http';
import { isQueuedMutation } from './outbox-guard';
import { toWire, type QueuedMutation } from './outbox';
import { ANONYMOUS_KINDS, PUSH_BATCH_MAX } from './protocol';
import { setSyncStatus, getSyncStatus } from './status';

export interface CycleContext {
  db: DbHandle;
  fetch: Fetch;
  now: () => Date;
}

export type CycleResult = { ok: true; more?: boolean } | { ok: false; failure: Failure };

/** Pages of the change log pulled in one go, at most (the next cycle goes on). */
const PULL_PAGES_MAX = 20;

export async function readQueue(db: DbHandle): Promise<QueuedMutation[]> {
  const all = await (await db.get()).getAll('mutations');
  return all.filter(isQueuedMutation);
}

async function uploadFor(ctx: CycleContext, m: QueuedMutation): Promise<Failure | null> {
  if (m.kind !== 'item') return null;
  const image = await (await ctx.db.get()).get('images', m.args.imageId);
  if (!isImageRecord(image)) return null; // Gone from the device: the server says what then.
  const sent = await uploadImage(ctx.fetch, image.key, image.data, image.type);
  return sent.ok ? null : sent.failure;
}

/** Pushes the waiting mutations (one batch); `more` when others still wait. */
export async function pushOutbox(
  ctx: CycleContext,
  { anonymousOnly }: { anonymousOnly: boolean },
): Promise<CycleResult> {
  const waiting = (await readQueue(ctx.db)).filter((m) => m.state === 'waiting');
  const held = new Set<string>();
  const batch: QueuedMutation[] = [];
  let failure: Failure | null = null;
  for (const m of waiting) {
    if (batch.length >= PUSH_BATCH_MAX) break;
    if (held.has(m.key)) continue;
    if (anonymousOnly && !ANONYMOUS_KINDS.includes(m.kind)) continue;
    const upload = await uploadFor(ctx, m);
    if (upload) {
      // This record waits (in order); the others go on.
      held.add(m.key);
      failure ??= upload;
      continue;
    }
    batch.push(m);
  }
  if (batch.length === 0) return failure ? { ok: false, failure } : { ok: true };
  const sent = await push(ctx.fetch, batch.map(toWire));
  if (!sent.ok) return sent;
  await applyServerWord(ctx.db, { results: sent.value.results, at: ctx.now().toISOString() });
  bump();
  if (failure) return { ok: false, failure };
  const more = waiting.length > batch.length + held.size && batch.length === PUSH_BATCH_MAX;
  return { ok: true, more };
}

function bump(): void {
  setSyncStatus({ version: getSyncStatus().version + 1 });
}

/** Pulls the change log since the stored cursor into the device store. */
export async function pullAll(ctx: CycleContext): Promise<CycleResult> {
  let since = await readCursor(ctx.db);
  for (let page = 0; page < PULL_PAGES_MAX; page += 1) {
    const answer = await pull(ctx.fetch, since);
    if (!answer.ok) return answer;
    const { changes, cursor, more } = answer.value;
    if (changes.length > 0 || cursor !== since) {
      await applyServerWord(ctx.db, { changes, cursor, at: ctx.now().toISOString() });
      bump();
    }
    since = cursor;
    if (!more) return { ok: true };
  }
  return { ok: true, more: true };
}

/** Counts the outbox for the header. */
export async function refreshCounts(ctx: CycleContext, signedOut: boolean): Promise<void> {
  try {
    const queue = await readQueue(ctx.db);
    const waiting = queue.filter((m) => m.state === 'waiting');
    setSyncStatus({
      waiting: waiting.length,
      refused: queue.filter((m) => m.state === 'refused').length,
      needsSignIn: signedOut && waiting.some((m) => !ANONYMOUS_KINDS.includes(m.kind)),
    });
  } catch {
    // The device store cannot be read now: the counts stay as they were.
  }
}
