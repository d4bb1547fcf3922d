// GET /api/changes under a flood of pulls at one cursor, on the real database: they share one
// read of the log at a time, and a pull made after an entry was committed is never answered
// from a read that began before it (it would miss that entry).
import { describe, expect, it } from 'vitest';
import type { PullResponse } from '../../shared/protocol.ts';
import type { Database, NamedStatement } from '../db/database.ts';
import { requestSignal } from '../db/read-lane.ts';
import { serverWithAccounts } from '../test/accounts.ts';
import { cursorNow, makeItem, mutation, pushOne } from '../test/sync-fixtures.ts';
import { pullRoutes } from './pull.ts';

const {
  server,
  clients: [ada],
} = await serverWithAccounts('Ada');

/**
 * The pull route over the test database, its reads of the log counted (by cursor); while held,
 * each read's rows are kept from the route until `release`.
 */
function heldPulls() {
  const reads: number[] = [];
  let gate = Promise.resolve();
  let open = () => undefined as void;
  const db: Database = {
    ...server.db,
    // A pull is a public read (docs/security.md "Read bounds").
    publicReads: {
      ...server.db.publicReads,
      async query<T>(statement: string | NamedStatement, params?: unknown[]) {
        const result = await server.db.publicReads.query<T>(statement, params);
        if (typeof statement !== 'string' && statement.name === 'artmint_changes_since_text') {
          reads.push(Number(params?.[0]));
          await gate;
        }
        return result;
      },
    },
  };
  const app = pullRoutes(db);
  return {
    reads,
    hold: () => void (gate = new Promise<void>((resolve) => (open = resolve))),
    release: () => open(),
    /** `signal`: the client's, as the read guard sets it around a read route (app.ts). */
    pull: async (since: number, signal = new AbortController().signal, limit?: number) => {
      const query = limit === undefined ? `/?since=${since}` : `/?since=${since}&limit=${limit}`;
      const response = await requestSignal.run(signal, () => app.request(query));
      expect(response.status).toBe(200);
      return (await response.json()) as PullResponse;
    },
  };
}

async function favouriteToggles(times: number) {
  const itemId = await makeItem(server, { saleKind: 'offers' });
  for (let i = 0; i < times; i += 1) {
    await pushOne(ada, mutation('favourite', { itemId, on: i % 2 === 0 }));
  }
}

describe('pulls at one cursor', () => {
  it('keep a full page: a later pull at its cursor reads the log no more; the last page is read again', async () => {
    const since = await cursorNow(server);
    await favouriteToggles(3);
    const pulls = heldPulls();
    const first = await pulls.pull(since, undefined, 2);
    expect(first).toMatchObject({ more: true });
    expect(first.changes).toHaveLength(2);
    expect(first.changes.every((change) => change.seq > since)).toBe(true);
    expect(await pulls.pull(since, undefined, 2)).toEqual(first);
    expect(pulls.reads).toEqual([since]);
    // The newest page is not full: a pull after an entry was committed reads it, and has it.
    const newest = await cursorNow(server);
    expect(await pulls.pull(newest, undefined, 2)).toMatchObject({ changes: [], more: false });
    await favouriteToggles(1);
    const later = await pulls.pull(newest, undefined, 2);
    expect(later.changes.length).toBeGreaterThan(0);
    expect(pulls.reads).toEqual([since, newest, newest]);
  });

  it('share one read at a time, and answer each the same page', async () => {
    const since = await cursorNow(server);
    await favouriteToggles(2);
    const pulls = heldPulls();
    pulls.hold();
    const first = pulls.pull(since);
    await expect.poll(() => pulls.reads.length).toBe(1);
    // Eight more while the first read is held: they wait for one more read, together.
    const others = Array.from({ length: 8 }, () => pulls.pull(since));
    pulls.release();
    const answers = await Promise.all([first, ...others]);
    expect(pulls.reads).toEqual([since, since]);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]?.changes.length).toBeGreaterThanOrEqual(2);
  });

  it('never answer a pull made after an entry was committed from a read that began before it', async () => {
    const since = await cursorNow(server);
    await favouriteToggles(1);
    const pulls = heldPulls();
    pulls.hold();
    const early = pulls.pull(since);
    await expect.poll(() => pulls.reads.length).toBe(1);
    // Committed while the early read's rows are on their way.
    await favouriteToggles(1);
    const newest = await cursorNow(server);
    const late = pulls.pull(since);
    pulls.release();
    const [earlyAnswer, lateAnswer] = await Promise.all([early, late]);
    expect(earlyAnswer.cursor).toBeLessThan(newest);
    expect(lateAnswer.cursor).toBe(newest);
    expect(lateAnswer.changes.map((c) => c.seq)).toContain(newest);
    expect(pulls.reads).toEqual([since, since]);
  });

  it('answer every waiting pull when the client whose call started their read goes away', async () => {
    const since = await cursorNow(server);
    await favouriteToggles(1);
    const pulls = heldPulls();
    pulls.hold();
    const first = pulls.pull(since);
    await expect.poll(() => pulls.reads.length).toBe(1);
    // Two pulls wait for the next read together; the one that came first leaves.
    const leaving = new AbortController();
    const left = pulls.pull(since, leaving.signal);
    const staying = pulls.pull(since);
    leaving.abort();
    pulls.release();
    const [firstAnswer, , stayingAnswer] = await Promise.all([first, left, staying]);
    expect(stayingAnswer.cursor).toBe(firstAnswer.cursor);
    expect(pulls.reads).toEqual([since, since]);
  });
});
