// The server as a process, as `npm start` runs it: it creates, migrates and seeds its database
// on first start, keeps every write across a restart, stops cleanly on SIGTERM, refuses a data
// folder another server holds, and fails to start with one clear line and exit code 1.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

interface Running {
  child: ChildProcess;
  origin: string;
  output: () => string;
}

// The server suites run before the build (npm test): a one-page build stands in for dist/.
const DIST = mkdtempSync(join(tmpdir(), 'artmint-main-dist-'));
writeFileSync(join(DIST, 'index.html'), '<!doctype html><title>Artmint</title>');

function run(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(
    process.execPath,
    [TSX, '--tsconfig', 'tsconfig.server.json', 'server/main.ts'],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ARTMINT_DIST: DIST,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function start(dataDir: string): Promise<Running> {
  const port = await freePort();
  const { child, output } = run({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
  const deadline = Date.now() + 90_000;
  while (!output().includes('listening on')) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output()}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, origin: `http://127.0.0.1:${port}`, output };
}

async function stop(server: Running): Promise<number | null> {
  server.child.kill('SIGTERM');
  const [code] = (await once(server.child, 'exit')) as [number | null];
  return code;
}

async function exitOf(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const { child, output } = run(env);
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output: output() };
}

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
});
