// The operator's announcements (docs/operations.md "Announcements"): to every account in
// batches (company news), or to one by id or email (a message), written as notifications, so
// the toggle governs them and they reach the inbox and the mail.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_SECTION,
  MARKETING_SECTION,
  type NotificationsPage,
} from '../../shared/notifications.ts';
import { createMailer } from '../mail.ts';
import { serverWithAccounts } from '../test/accounts.ts';
import type { TestClient } from '../test/harness.ts';
import { mutation, pushOne } from '../test/sync-fixtures.ts';
import { announce, parseAnnouncement } from './announce.ts';
import { sendMailDigests } from './mail-digest.ts';
import { mailSecret } from './mail-token.ts';

const {
  server,
  clients: [ada, bob, cy],
  ids: [adaId, bobId],
} = await serverWithAccounts('Ada', 'Bob', 'Cy');

async function texts(client: TestClient, kind: string): Promise<string[]> {
  const response = await client.get('/api/notifications?limit=50');
  const page = (await response.json()) as NotificationsPage;
  return page.notifications.filter((n) => n.kind === kind).map((n) => n.facts.text ?? '');
}

async function turnOn(client: TestClient, section: string, fields: Record<string, boolean>) {
  const save = mutation('profile', { section: section as typeof ACCOUNT_SECTION, fields, base: 0 });
  expect(await pushOne(client, save)).toMatchObject({ status: 'applied' });
}

describe('npm run announce', () => {
  it('reads the text and --to from the command line, and refuses none', () => {
    expect(parseAnnouncement(['Hello', 'all'])).toEqual({ text: 'Hello all', to: undefined });
    expect(parseAnnouncement(['--to', 'a@b.c', 'Hi'])).toEqual({ text: 'Hi', to: 'a@b.c' });
    expect(() => parseAnnouncement([])).toThrow(/usage: npm run announce/);
    expect(() => parseAnnouncement(['x'.repeat(2001)])).toThrow(/1 to 2000 characters/);
  });

  it('tells every account whose company news is on, in batches, and mails whom it should', async () => {
    await turnOn(ada, MARKETING_SECTION, { companyNews: true, companyNewsMail: true });
    await turnOn(bob, MARKETING_SECTION, { companyNews: true });
    const batches: number[] = [];
    const { rows } = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM accounts',
    );
    const told = await announce(
      server.db,
      { text: 'The spring sale opens Monday.' },
      { batch: 2, progress: (n) => batches.push(n) },
    );
    expect(told).toBe(2);
    // One transaction per batch of two accounts.
    expect(batches.length).toBe(Math.floor((rows[0]?.n ?? 0) / 2) + 1);
    expect(await texts(ada, 'company-news')).toEqual(['The spring sale opens Monday.']);
    expect(await texts(bob, 'company-news')).toEqual(['The spring sale opens Monday.']);
    // Company news is off by default.
    expect(await texts(cy, 'company-news')).toEqual([]);

    const dir = mkdtempSync(join(tmpdir(), 'artmint-announce-'));
    await sendMailDigests(server.db, {
      mailer: createMailer({ dir, log: () => undefined }),
      origin: 'https://artmint.example',
      secret: await mailSecret(server.db),
      log: () => undefined,
    });
    const mails = readdirSync(dir).map((file) => readFileSync(join(dir, file), 'utf8'));
    rmSync(dir, { recursive: true });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Artmint: Company news');
    expect(mails[0]).toContain('The spring sale opens Monday.');
  });

  it('--to tells one account, by id or by email, a message', async () => {
    await turnOn(bob, ACCOUNT_SECTION, { messages: true });
    const { rows } = await server.db.query<{ email: string }>(
      'SELECT email FROM accounts WHERE id = $1',
      [bobId],
    );
    expect(
      await announce(server.db, { text: 'Your payout is on its way.', to: String(bobId) }),
    ).toBe(1);
    expect(
      await announce(server.db, { text: 'And a receipt.', to: ` ${rows[0]?.email.toUpperCase()}` }),
    ).toBe(1);
    expect(await texts(bob, 'message')).toEqual(['And a receipt.', 'Your payout is on its way.']);
    // Ada's messages toggle is off (its default): nothing.
    expect(await announce(server.db, { text: 'Hello', to: String(adaId) })).toBe(0);
    expect(await texts(ada, 'message')).toEqual([]);
    await expect(announce(server.db, { text: 'Hi', to: 'nobody@example.com' })).rejects.toThrow(
      'no account has the id or email nobody@example.com',
    );
  });

  it('the command refuses to run without a text', async () => {
    const run = promisify(execFile);
    const data = mkdtempSync(join(tmpdir(), 'artmint-announce-data-'));
    const failed = await run('npm', ['run', '--silent', 'announce'], {
      env: { ...process.env, DATA_DIR: data },
    }).catch((error: { code: number; stderr: string }) => error);
    rmSync(data, { recursive: true, force: true });
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toContain('usage: npm run announce');
  });
});
