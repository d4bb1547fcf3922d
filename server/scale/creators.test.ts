// The creators `npm run seed -- --creators N` makes (server/scale/creators.ts), at small scale on
// the real database: N creators with ids from account_ids, listed newest first by GET
// /api/creators as the app's schema says, with no sales, no account and no change-log entry.
import * as valibot from 'valibot';
import { afterAll, describe, expect, it } from 'vitest';
import { CreatorSchema } from '../../shared/schemas.ts';
import { listCreators, parseCreatorQuery } from '../catalog/creator-lists.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { seedCreators } from './creators.ts';

const server: TestServer = await startTestServer();
afterAll(() => server.close());
const { db } = server;
const N = 300;

const { rows: before } = await db.query<{ seq: number }>(
  'SELECT coalesce(max(seq), 0)::int AS seq FROM changes',
);
const run = await seedCreators(db, N, 120);

async function list(params: Record<string, string>) {
  const parsed = parseCreatorQuery((name) => params[name]);
  if (!parsed.ok) throw new Error(parsed.error);
  return listCreators(db, parsed.query);
}

describe('seedCreators', () => {
  it('adds N creators with ids an account would get, in batches, without accounts or log entries', async () => {
    expect(run.creators).toBe(N);
    expect(run.lastId - run.firstId).toBe(N - 1);
    expect(run.firstId).toBeGreaterThanOrEqual(100_000);
    const { rows } = await db.query<{ n: number; accounts: number }>(
      `SELECT count(*)::int AS n, count(account_id)::int AS accounts FROM creators
       WHERE id BETWEEN $1 AND $2`,
      [run.firstId, run.lastId],
    );
    expect(rows[0]).toEqual({ n: N, accounts: 0 });
    const { rows: after } = await db.query<{ seq: number }>(
      'SELECT coalesce(max(seq), 0)::int AS seq FROM changes',
    );
    expect(after[0]?.seq).toBe(before[0]?.seq);
  });

  it('lists them newest first, each a creator as the app reads one, with no sales and a spread of followers', async () => {
    const first = await list({ pageSize: '60' });
    expect(first.total).toBe(N + 12);
    expect(first.creators[0]?.id).toBe(run.lastId);
    const strict = valibot.strictObject(CreatorSchema.entries);
    for (const creator of first.creators) {
      expect(valibot.safeParse(strict, creator).issues, JSON.stringify(creator)).toBeUndefined();
      expect(creator.volumeEth).toBe('0');
    }
    expect(new Set(first.creators.map((c) => c.name)).size).toBeGreaterThan(40);
    expect(new Set(first.creators.map((c) => c.followers)).size).toBeGreaterThan(40);
    const top = await list({ order: 'followers', pageSize: '3' });
    expect(top.creators.map((c) => c.followers)).toEqual(
      [...top.creators.map((c) => c.followers)].sort((a, b) => b - a),
    );
  });
});
