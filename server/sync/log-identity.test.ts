// The change log's identity (docs/sync.md "Compaction", migration 024): every pull, reset or
// not, and every snapshot page names it; a new database has another; `npm run log:rotate`
// (rotateLogId), run after a restore, gives a new one and changes nothing else.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { LiveHello, PullResponse, SnapshotPage } from '../../shared/protocol.ts';
import { serverWithAccounts } from '../test/accounts.ts';
import { openPglite } from '../db/database.ts';
import { cursorNow } from '../test/sync-fixtures.ts';
import { logIdentity, rotateLogId } from './compaction.ts';

const {
  server,
  clients: [ada],
} = await serverWithAccounts('Ada');

const MIGRATION = new URL('../migrations/024_log_identity.sql', import.meta.url);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function heard(since: number) {
  const pull: PullResponse = await (await ada.get(`/api/changes?since=${since}`)).json();
  const page: SnapshotPage = await (await ada.get('/api/snapshot?page=activity')).json();
  return { pull, page };
}

describe("the log's identity", () => {
  it('is named by every pull and snapshot page, and a new database has another', async () => {
    const newest = await cursorNow(server);
    const { pull, page } = await heard(newest);
    expect(pull.logId).toMatch(UUID);
    expect(page.logId).toBe(pull.logId);
    // Ahead of the newest entry: told to start over, and which log to follow.
    const ahead: PullResponse = await (await ada.get(`/api/changes?since=${newest + 5}`)).json();
    expect(ahead).toMatchObject({ reset: true, logId: pull.logId });
    // A new database (here its log_horizon as migration 012 makes it) gets another from 024.
    const fresh = await openPglite(null);
    try {
      await fresh.exec(`CREATE TABLE log_horizon (
          only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
          seq bigint NOT NULL DEFAULT 0);
        INSERT INTO log_horizon DEFAULT VALUES;`);
      await fresh.exec(await readFile(MIGRATION, 'utf8'));
      expect(await logIdentity(fresh)).toMatch(UUID);
      expect(await logIdentity(fresh)).not.toBe(pull.logId);
    } finally {
      await fresh.close();
    }
  });

  it("is named by the live stream's hello", async () => {
    const { pull } = await heard(0);
    const response = await ada.request(`/api/events?since=${pull.cursor}`);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    while (!text.includes('\n\n')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    await reader.cancel();
    const data = /^data: (.*)$/m.exec(text)?.[1] ?? '{}';
    expect(text).toMatch(/^event: hello$/m);
    expect((JSON.parse(data) as LiveHello).logId).toBe(pull.logId);
  });

  it('is rotated by the restore step, and nothing else changes', async () => {
    const newest = await cursorNow(server);
    const before = await heard(0);
    const rotated = await rotateLogId(server.db);
    expect(rotated).toMatch(UUID);
    expect(rotated).not.toBe(before.pull.logId);
    const after = await heard(0);
    expect(after.pull.logId).toBe(rotated);
    expect(after.page.logId).toBe(rotated);
    expect({ ...after.pull, logId: null }).toEqual({ ...before.pull, logId: null });
    expect({ ...after.page, logId: null }).toEqual({ ...before.page, logId: null });
    expect(await cursorNow(server)).toBe(newest);
  });
});
