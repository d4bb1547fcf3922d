// The signed-in account's own records on every device (docs/sync.md "The account's own records
// on every device"): after each public pull, for the account signed in both in the app and on
// the server, the device reads GET /api/me as a whole when it has no account cursor (or the
// server says `reset`), else the account's log after its cursor (GET /api/me/changes, while
// `more`); the live stream's 'mine' batches land here too. Then the items those records name
// that the device does not hold are fetched (account-items.ts).
import { readAccountCursor } from '../device/meta';
import { serverIdOfOwner, type Owner } from '../owner';
import type { AccountLiveBatch } from '@shared/account-channel';
import { HISTORY_PAGE_MAX } from '@shared/history';
import { applyAccountChanges, applyAccountWhole } from './account-apply';
import { fetchMissingItems, MISSING_ITEMS_PER_ASK } from './account-items';
import { bump, type CycleContext } from './cycle';
import { fetchMe, fetchNotifications, pullAccount, type Failure } from './http';

/** Pages of the account's log pulled in one go, at most (the next cycle goes on). */
const ACCOUNT_PAGES_MAX = 10;
/** A server that keeps no log of the account (GET /api/me names no cursor, or the route is not
 * there) is asked again after this long; so are the items not held while nothing new lands. */
export const ACCOUNT_WAIT_MS = 60_000;

/** How a pull of the account's records ended: `landed`, whether any record landed; `followed`,
 * whether the device now follows the account's log (it has a cursor); `more`, whether another
 * page waits. */
export type AccountPullResult =
  { kind: 'ok'; landed: boolean; followed: boolean; more: boolean } | Failure;

/** Whether an answer naming `accountId` (absent: an older server, which names none) is
 * `owner`'s: the session may have changed since the cycle began (another tab signed in). */
const isOf = (owner: Owner, accountId: number | undefined) =>
  accountId === undefined || accountId === serverIdOfOwner(owner);

/** The newest notifications the device reads with the whole of the account: a page of the
 * inbox's at most (GET /api/notifications answers a larger `limit` with 400). */
export const INBOX_WHOLE_LIMIT = HISTORY_PAGE_MAX;

/** Reads GET /api/me, then the newest page of GET /api/notifications (after it: whatever is
 * written after the answer's cursor comes with the log), and lands them as the whole of
 * `owner`'s records. A server with no inbox (a route not there, an answer this app cannot read)
 * lands the rest. */
async function readWhole(ctx: CycleContext, owner: Owner): Promise<Failure | { cursor?: number }> {
  const me = await fetchMe(ctx.fetch);
  if (me.kind !== 'ok') return me;
  if (!isOf(owner, me.value.account?.id)) return { kind: 'signed-out' };
  const inbox = await fetchNotifications(ctx.fetch, INBOX_WHOLE_LIMIT);
  if (inbox.kind === 'offline' || inbox.kind === 'signed-out') return inbox;
  const page = inbox.kind === 'ok' ? inbox.value : undefined;
  await applyAccountWhole(ctx.db, owner, me.value, ctx.now().toISOString(), page);
  bump();
  return { cursor: me.value.cursor };
}

/** Pulls `owner`'s records: the whole of them without a cursor or after a `reset` (once a
 * pull), else its log after the cursor. */
export async function pullAccountRecords(
  ctx: CycleContext,
  owner: Owner,
): Promise<AccountPullResult> {
  let since = await readAccountCursor(ctx.db, owner);
  let landed = false;
  let whole = false;
  for (let page = 0; page < ACCOUNT_PAGES_MAX; page += 1) {
    if (since === null) {
      if (whole) return { kind: 'ok', landed, followed: false, more: true };
      const read = await readWhole(ctx, owner);
      if ('kind' in read) return read;
      whole = true;
      landed = true;
      if (read.cursor === undefined) return { kind: 'ok', landed, followed: false, more: false };
      since = read.cursor;
    }
    const answer = await pullAccount(ctx.fetch, since);
    if (answer.kind !== 'ok') return answer;
    if (!isOf(owner, answer.value.accountId)) return { kind: 'signed-out' };
    const { changes, cursor, more, reset } = answer.value;
    if (reset) {
      since = null;
      continue;
    }
    if (changes.length > 0 || cursor !== since) {
      const count = await applyAccountChanges(ctx.db, {
        owner,
        changes,
        cursor,
        at: ctx.now().toISOString(),
      });
      if (count > 0) {
        landed = true;
        bump();
      }
    }
    since = cursor;
    if (!more) return { kind: 'ok', landed, followed: true, more: false };
  }
  return { kind: 'ok', landed, followed: true, more: true };
}

/**
 * Lands a 'mine' batch of the live stream for `owner`: when it starts at or before the
 * device's account cursor (its entries up to the cursor landed before and are passed over).
 * False when entries never reached the device (no cursor, or it is behind `from`): a pull must
 * fill the gap.
 */
export async function applyAccountLive(
  ctx: Pick<CycleContext, 'db' | 'now'>,
  owner: Owner,
  batch: AccountLiveBatch,
): Promise<boolean> {
  const cursor = await readAccountCursor(ctx.db, owner);
  if (cursor === null || cursor < batch.from) return false;
  const landed = await applyAccountChanges(ctx.db, {
    owner,
    changes: batch.changes,
    cursor: batch.cursor,
    at: ctx.now().toISOString(),
  });
  // Even when another tab landed them first: that tab refreshed only its own screens.
  if (landed > 0 || batch.changes.length > 0) bump();
  return true;
}

/** The engine's side of the account's records: when to ask, and what a failure waits for. */
export function accountSync(ctx: CycleContext) {
  /** Per account: asked nothing before this time (ms). */
  const waitUntil = new Map<Owner, number>();
  /** Per account: when the items its records name were last fetched (ms). */
  const itemsAskedAt = new Map<Owner, number>();

  /** The account signed in both in the app and on the server (`session`), or null. */
  const signedIn = (session: Owner | null): Owner | null =>
    session !== null && serverIdOfOwner(session) !== null && session === ctx.owner()
      ? session
      : null;

  /** Fetches the items the account's records name and the device does not hold, after
   * something landed, or a while after the last ask; true when a full batch landed. */
  async function fetchItems(owner: Owner, landed: boolean): Promise<boolean> {
    const last = itemsAskedAt.get(owner);
    if (!landed && last !== undefined && Date.now() - last < ACCOUNT_WAIT_MS) return false;
    const items = await fetchMissingItems(ctx, owner);
    if (items.kind === 'offline') return false;
    const more = items.kind === 'ok' && items.fetched >= MISSING_ITEMS_PER_ASK;
    if (more) itemsAskedAt.delete(owner);
    else itemsAskedAt.set(owner, Date.now());
    return more;
  }

  return {
    signedIn,
    /**
     * After a public pull: the account's records for `session`, when it is signed in both here
     * and on the server. A failure waits for the next ask and does not fail the cycle. True
     * when more waits (a page of the log, or items).
     */
    async pull(session: Owner | null): Promise<boolean> {
      const owner = signedIn(session);
      if (owner === null || Date.now() < (waitUntil.get(owner) ?? 0)) return false;
      const pulled = await pullAccountRecords(ctx, owner);
      if (pulled.kind !== 'ok') {
        if (pulled.kind !== 'offline') waitUntil.set(owner, Date.now() + ACCOUNT_WAIT_MS);
        return false;
      }
      // No log of the account on this server: its records are read as a whole, now and then.
      if (!pulled.followed && !pulled.more) waitUntil.set(owner, Date.now() + ACCOUNT_WAIT_MS);
      const moreItems = await fetchItems(owner, pulled.landed);
      return pulled.more || moreItems;
    },
    /** A 'mine' batch for `owner` (the account the stream was opened for): false when a pull
     * must fill the gap, or the account is no longer the one signed in. */
    async live(session: Owner | null, owner: Owner, batch: AccountLiveBatch): Promise<boolean> {
      if (signedIn(session) !== owner) return false;
      if (!(await applyAccountLive(ctx, owner, batch))) return false;
      if (batch.changes.length > 0) await fetchItems(owner, true);
      return true;
    },
  };
}
