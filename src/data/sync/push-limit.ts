// A push the server refused for a rate (429 with its words: the items one account may list in an
// hour, the writes a minute; docs/sync.md "Push"). Nothing is dropped: the changes stay queued
// and go again only once the Retry-After is over, while pulls go on. When the refused batch held
// an upload, only the uploads wait (the server takes a push in order and stops at the one past
// the rate: the others go on in the next push); otherwise every push of the account waits. The
// server's words, with the time the waiting changes go, are in the sync status for the panel
// until a push of the account goes through with nothing held.
import { setSyncStatus, type PushLimitNote } from '../core/status';
import type { Owner } from '../owner';
import type { CycleResult, PushOutcome } from './cycle';

/** The wait when a rate-limited push names none. */
export const LIMIT_WAIT_MS = 60_000;

export interface PushLimit {
  /** Milliseconds before `owner` may push anything: 0, now. */
  wait(owner: Owner): number;
  /** Whether `owner`'s uploads wait for now (the other changes go). */
  holdsUploads(owner: Owner): boolean;
  /** Milliseconds before something held of `owner`'s may go: 0, nothing held. */
  nextPush(owner: Owner): number;
  /**
   * Takes the outcome of `owner`'s push: a refusal for a rate is noted and the cycle goes on to
   * pull (the server is there: it answered); any other outcome is handed on.
   */
  settle(owner: Owner, pushed: PushOutcome): CycleResult;
}

export function pushLimit(now: () => number = Date.now): PushLimit {
  interface Held {
    owner: Owner | null;
    allUntil: number;
    /** The uploads' wait and its note. */
    uploads: PushLimitNote | null;
  }
  let limited: Held = { owner: null, allUntil: 0, uploads: null };
  const of = (owner: Owner) => (limited.owner === owner ? limited : null);
  const left = (until: number) => Math.max(0, until - now());
  return {
    wait: (owner) => left(of(owner)?.allUntil ?? 0),
    holdsUploads: (owner) => left(of(owner)?.uploads?.retryAt ?? 0) > 0,
    nextPush(owner) {
      const held = of(owner);
      if (!held) return 0;
      return left(held.allUntil) || left(held.uploads?.retryAt ?? 0);
    },
    settle(owner, pushed) {
      const mine = of(owner) ?? { owner, allUntil: 0, uploads: null };
      if (pushed.kind === 'offline' && pushed.limit !== undefined) {
        const retryAt = now() + (pushed.retryAfterMs ?? LIMIT_WAIT_MS);
        const note = { words: pushed.limit, retryAt, uploads: pushed.uploads === true };
        limited = note.uploads ? { ...mine, uploads: note } : { ...mine, allUntil: retryAt };
        setSyncStatus({ limit: note });
        // Uploads held: the other changes go in the next push, at once.
        return { kind: 'ok', more: note.uploads };
      }
      // Uploads still held keep their note; otherwise the push went through: the note goes.
      const uploads = mine.uploads && left(mine.uploads.retryAt) > 0 ? mine.uploads : null;
      limited = { owner, allUntil: 0, uploads };
      setSyncStatus({ limit: uploads });
      return pushed;
    },
  };
}
