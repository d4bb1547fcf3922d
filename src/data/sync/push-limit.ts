// A push the server refused for a rate (429 with its words: the items one account may list in an
// hour, the writes a minute; docs/sync.md "Push"). Nothing is dropped: the changes stay queued,
// the account pushes again only once the Retry-After is over (pulls go on meanwhile), and the
// server's words, with the time of the next push, are in the sync status for the panel until a
// push of that account is answered otherwise.
import { setSyncStatus } from '../core/status';
import type { Owner } from '../owner';
import type { CycleResult } from './cycle';

/** The wait when a rate-limited push names none. */
export const LIMIT_WAIT_MS = 60_000;

export interface PushLimit {
  /** Milliseconds before `owner` may push again: 0, now. */
  wait(owner: Owner): number;
  /**
   * Takes the result of `owner`'s push: a refusal for a rate is noted (and the cycle goes on to
   * pull: the server is there, it answered), any other result clears the note.
   */
  settle(owner: Owner, pushed: CycleResult): CycleResult;
}

export function pushLimit(now: () => number = Date.now): PushLimit {
  let limited: { owner: Owner; retryAt: number } | null = null;
  return {
    wait(owner) {
      if (!limited || limited.owner !== owner) return 0;
      return Math.max(0, limited.retryAt - now());
    },
    settle(owner, pushed) {
      if (pushed.kind === 'offline' && pushed.limit !== undefined) {
        const retryAt = now() + (pushed.retryAfterMs ?? LIMIT_WAIT_MS);
        limited = { owner, retryAt };
        setSyncStatus({ limit: { words: pushed.limit, retryAt } });
        return { kind: 'ok' };
      }
      limited = null;
      setSyncStatus({ limit: null });
      return pushed;
    },
  };
}
