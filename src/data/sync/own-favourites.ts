// The account's favourites made on another device (docs/sync.md "Favourites from another
// device"): the change log is public and carries none, so GET /api/me says which items the
// account favourites. They land in the device store under the account (a waiting change of this
// device wins, applyFavourites); then the favourites whose item the device does not hold (an id
// of the server's range, not in the working set) are fetched the way an opened item is
// (GET /api/snapshot?page=focus:item:<id>), a few at a time, and kept like any item seen.
import { missingFavouriteIds } from '../device/social';
import type { Owner } from '../owner';
import { applyServerWord } from './apply';
import { applyFavourites } from './server-favourites';
import { fetchMe, snapshot, type Failure } from './http';
import type { CycleContext } from './cycle';
import { bump } from './cycle';
import type { Change } from '@shared/protocol';

/** Favourites not held fetched in one go, at most (the next ask goes on). */
export const MISSING_FAVOURITES_PER_ASK = 12;
/** Items asked for at once. */
const AT_ONCE = 3;

export type FavouritesResult = { kind: 'ok'; fetched: number } | Failure;

/**
 * Lands the favourites of `owner` (the account whose session the server has, signed in on the
 * device) as GET /api/me says, then fetches those whose item the device does not hold.
 */
export async function pullOwnFavourites(
  ctx: CycleContext,
  owner: Owner,
): Promise<FavouritesResult> {
  const me = await fetchMe(ctx.fetch);
  if (me.kind !== 'ok') return me;
  const at = ctx.now().toISOString();
  if (await applyFavourites(ctx.db, owner, me.value.favourites, at)) bump();
  return fetchMissingFavourites(ctx, owner);
}

/** Fetches up to MISSING_FAVOURITES_PER_ASK favourite items the device does not hold. */
export async function fetchMissingFavourites(
  ctx: CycleContext,
  owner: Owner,
): Promise<FavouritesResult> {
  const missing = (await missingFavouriteIds(ctx.db, owner)).slice(0, MISSING_FAVOURITES_PER_ASK);
  let fetched = 0;
  for (let start = 0; start < missing.length; start += AT_ONCE) {
    const pages = await Promise.all(
      missing.slice(start, start + AT_ONCE).map((id) => snapshot(ctx.fetch, `focus:item:${id}`)),
    );
    const changes: Change[] = [];
    let readAt = Infinity;
    for (const page of pages) {
      // An item the server no longer has answers no records: it stays not saved.
      if (page.kind === 'ok' && page.value.records.length > 0) {
        changes.push(...page.value.records);
        readAt = Math.min(readAt, page.value.cursor);
        fetched += 1;
      }
    }
    if (changes.length > 0) {
      // Answers, as an opened item's: one the log overtook waits for the next ask (apply.ts).
      await applyServerWord(ctx.db, { changes, readAt, at: ctx.now().toISOString() });
      bump();
    }
    const failed = pages.find((page) => page.kind === 'offline');
    if (failed?.kind === 'offline') return failed;
  }
  return { kind: 'ok', fetched };
}
