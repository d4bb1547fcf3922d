// The server as a process, as `npm start` runs it: it creates, migrates and seeds its database
// on first start, keeps every write across a restart, stops cleanly on SIGTERM, refuses a data
// folder another server holds, and fails to start with one clear line and exit code 1.
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exitOf, freePort, startServer, stopServer as stop } from './test/process.ts';

const start = (dataDir: string) => startServer({ DATA_DIR: dataDir });

const post = (origin: string, path: string, body: unknown) =>
  fetch(origin + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(body),
  });

describe('the server process', () => {
  it('seeds a new data folder, keeps writes across a restart, and stops cleanly', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'artmint-main-')), 'data');
    const first = await start(dataDir);
    expect(first.output()).toContain('sample catalogue seeded');
    const account = {
      name: 'Restart Test',
      email: 'restart@example.com',
      password: 'long enough 1',
      terms: true,
    };
    expect((await post(first.origin, '/api/auth/signup', account)).status).toBe(201);
    expect(await stop(first)).toBe(0);
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);

    const second = await start(dataDir);
    expect(second.output()).not.toContain('seeded');
    const login = await post(second.origin, '/api/auth/login', account);
    expect(login.status).toBe(200);
    const page = await fetch(`${second.origin}/api/changes?since=0&limit=1`);
    expect(((await page.json()) as { changes: unknown[] }).changes).toHaveLength(1);

    // Over Node's HTTP server, a JSON body over 64 KB is refused whether its length is
    // declared (checked on the header) or not (chunked, counted as it streams).
    const large = JSON.stringify({ mutations: [], padding: 'x'.repeat(70 * 1024) });
    const declared = await post(second.origin, '/api/push', JSON.parse(large));
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ error: 'The request is too large (64 KB at most).' });
    const chunked = await fetch(`${second.origin}/api/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: second.origin },
      body: new Blob([large]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    await stop(second);
  }, 240_000);

  it('refuses a data folder another running server holds', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'artmint-main-')), 'data');
    const first = await start(dataDir);
    const second = await exitOf({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(second.code).toBe(1);
    expect(second.output.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^artmint: could not start: cannot use the data folder .* another Artmint server \(pid \d+\) is using/,
      ),
    ]);
    await stop(first);
  }, 240_000);

  it('fails with one clear line when the database cannot be reached', async () => {
    const port = await freePort();
    const result = await exitOf({
      DATABASE_URL: `postgres://artmint:secret-password@127.0.0.1:${port}/artmint`,
      PORT: String(await freePort()),
    });
    expect(result.code).toBe(1);
    const lines = result.output.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^artmint: could not start: cannot reach the database at postgres:\/\/artmint:\*\*\*@127\.0\.0\.1/,
    );
    expect(result.output).not.toContain('secret-password');
  }, 120_000);

  it('fails with one clear line when there is no build to serve', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'artmint-main-')), 'data');
    const result = await exitOf({
      DATA_DIR: dataDir,
      ARTMINT_DIST: join(dataDir, 'no-build'),
      PORT: String(await freePort()),
    });
    expect(result.code).toBe(1);
    expect(result.output.trim().split('\n').at(-1)).toMatch(
      /^artmint: could not start: No build in .*no-build: run npm run build first$/,
    );
    expect(result.output).not.toMatch(/\bat \S+ \(/);
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
  }, 120_000);

  it('fails with one clear line when the data folder cannot be made or written', async () => {
    // A folder under a plain file can never be created, even by root.
    const parent = mkdtempSync(join(tmpdir(), 'artmint-main-'));
    writeFileSync(join(parent, 'file'), 'not a folder');
    const result = await exitOf({
      DATA_DIR: join(parent, 'file', 'data'),
      PORT: String(await freePort()),
    });
    expect(result.code).toBe(1);
    expect(result.output.trim().split('\n')).toEqual([
      expect.stringMatching(/^artmint: could not start: cannot use the data folder .*ENOTDIR/),
    ]);
  }, 120_000);

  it('fails with one clear line when the database in the data folder cannot be opened', async () => {
    // Its place taken by a file, or its files damaged: the folder itself is fine.
    const blocked = join(mkdtempSync(join(tmpdir(), 'artmint-main-')), 'data');
    mkdirSync(blocked);
    writeFileSync(join(blocked, 'db'), 'not a folder');
    const damaged = join(mkdtempSync(join(tmpdir(), 'artmint-main-')), 'data');
    mkdirSync(join(damaged, 'db'), { recursive: true });
    writeFileSync(join(damaged, 'db', 'PG_VERSION'), 'damaged');
    for (const dataDir of [blocked, damaged]) {
      const result = await exitOf({ DATA_DIR: dataDir, PORT: String(await freePort()) });
      expect(result.code).toBe(1);
      const lines = result.output.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(
        `artmint: could not start: cannot open the database in ${join(dataDir, 'db')}: `,
      );
      if (dataDir === blocked) expect(lines[0]).toMatch(/\(EEXIST\)$/);
      expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
    }
  }, 120_000);
});
