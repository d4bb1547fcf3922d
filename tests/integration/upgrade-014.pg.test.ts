// A database upgraded through migration 014 by the server itself (docs/sync.md "Compaction"):
// 014 sends every device current before it to the snapshot, and a start-over ends. A device
// opened after the upgrade, before anything was written (014's case: its snapshot's cursor was
// still below log_horizon.start_over_below, and every pull after it started over again),
// downloads the snapshot once and then follows the log; a device current before 014 starts over
// once, and its change waiting meanwhile is stored once.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { applyServerWord } from '../../src/data/sync/apply.ts';
import { pullAll } from '../../src/data/sync/cycle.ts';
import type { Change, PullResponse } from '../../shared/protocol.ts';
import { seedIfEmpty } from '../../server/catalog/seed.ts';
import { migrate, migrationFiles } from '../../server/db/migrate.ts';
import { logWindow } from '../../server/sync/compaction.ts';
import { startServer, stopServer, type Running } from '../../server/test/process.ts';
import {
  freshDatabase,
  must,
  storedFavourites,
  storedMutations,
} from '../../server/faults/support.ts';
import { AppDevice } from './restore-support.ts';

const before014 = mkdtempSync(join(tmpdir(), 'artmint-migrations-'));
let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
let server: Running | undefined;

afterAll(async () => {
  if (server) await stopServer(server);
  await database?.drop();
  rmSync(before014, { recursive: true, force: true });
});

describe('a database upgraded through migration 014', () => {
  it('sends each device to the snapshot at most once, and keeps its waiting change', async () => {
    database = await freshDatabase();
    const { db } = database;
    // The database as it was before 014, seeded; what a device current then had pulled.
    const all = fileURLToPath(new URL('../../server/migrations/', import.meta.url));
    for (const name of migrationFiles().filter((n) => n < '014')) {
      copyFileSync(join(all, name), join(before014, name));
    }
    await migrate(db, before014);
    await seedIfEmpty(db);
    const { rows: log } = await db.query<Change>(
      'SELECT seq::int AS seq, topic, key, data FROM changes ORDER BY seq',
    );
    const before = must(log.at(-1), 'a log entry').seq;

    // The server upgrades it as it starts. Nothing is written after: 014's case.
    server = await startServer({
      DATABASE_URL: database.url,
      RATE_LIMIT_LOGIN: '0',
      RATE_LIMIT_WRITES: '0',
    });
    expect(server.output()).not.toContain('seeded');
    const upgraded = await logWindow(db);
    expect(upgraded.startOver).toBeGreaterThan(before);
    const { rows: written } = await db.query<{ topic: string }>(
      "SELECT topic FROM changes WHERE seq > $1 AND topic <> 'log'",
      [before],
    );
    expect(written).toEqual([]);

    // A device opened now: one snapshot, and its next pulls follow the log.
    const fresh = AppDevice.signedOut(server.origin);
    for (let cycle = 0; cycle < 3; cycle += 1) {
      expect(await fresh.cycle()).toEqual({ push: 'ok', pull: 'ok' });
    }
    expect(fresh.snapshots).toBe(1);
    const second = (await (
      await fresh.http.request(`/api/changes?since=${await fresh.cursor()}`)
    ).json()) as PullResponse;
    expect(second.reset).toBeUndefined();

    // A device current before 014, signed in, with a favourite waiting.
    const old = await AppDevice.signUp(server.origin, 'Collector Before 014');
    await applyServerWord(old.ctx.db, {
      changes: log,
      cursor: before,
      at: new Date().toISOString(),
    });
    expect(await old.cursor()).toBe(before);
    const itemId = must(
      log.find((c) => c.topic === 'item'),
      'an item',
    ).key;
    await old.data.toggleFavourite(Number(itemId));
    const waiting = await old.waiting();
    expect(waiting).toHaveLength(1);
    // It starts over, the change still waiting; once.
    expect(await pullAll(old.ctx)).toEqual({ kind: 'ok' });
    expect(old.snapshots).toBe(1);
    expect(await old.waiting()).toEqual(waiting);
    expect(await old.cursor()).toBeGreaterThanOrEqual(upgraded.startOver);
    for (let cycle = 0; cycle < 2; cycle += 1) {
      expect(await old.cycle()).toEqual({ push: 'ok', pull: 'ok' });
    }
    expect(old.snapshots).toBe(1);
    expect(await old.waiting()).toEqual([]);

    const stored = await storedMutations(db, waiting);
    expect([stored.rows, [...stored.status.values()]]).toEqual([1, ['applied']]);
    expect(await storedFavourites(db, must(old.accountId, 'account'))).toEqual([Number(itemId)]);
    fresh.close();
    old.close();
  });
});
