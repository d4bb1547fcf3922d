// The server as a child process, as `npm run serve` starts it: for tests of start-up, restarts,
// signals and faults. Output (stdout and stderr) is collected for assertions on the log.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface Spawned {
  child: ChildProcess;
  /** Everything the process wrote so far, stdout and stderr together. */
  output: () => string;
}

export interface Running extends Spawned {
  origin: string;
}

// The server suites run before the build (npm test): a one-page build stands in for dist/.
let dist: string | undefined;
function standInDist(): string {
  if (!dist) {
    dist = mkdtempSync(join(tmpdir(), 'artmint-main-dist-'));
    writeFileSync(join(dist, 'app-shell.html'), '<!doctype html><title>Artmint</title>');
    execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-files.mjs'), dist]);
  }
  return dist;
}

/**
 * Starts `server/main.ts` with only PATH, HOME, a stand-in build and `env`. tsx is loaded into
 * the one Node process (not its CLI, which runs the server in a second process), so a signal
 * sent to the child, SIGKILL too, reaches the server itself.
 */
export function spawnServer(env: Record<string, string>): Spawned {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      TSX_TSCONFIG_PATH: 'tsconfig.server.json',
      ARTMINT_DIST: standInDist(),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/** Starts the server on a free port and waits until it listens. */
export async function startServer(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const spawned = spawnServer({ PORT: String(port), HOST: '127.0.0.1', ...env });
  const deadline = Date.now() + 90_000;
  const before = spawned.output().length;
  while (!spawned.output().slice(before).includes('listening on')) {
    if (spawned.child.exitCode !== null) throw new Error(`server exited: ${spawned.output()}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${spawned.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { ...spawned, origin: `http://127.0.0.1:${port}` };
}

/** Sends `signal` and answers the exit code (null when a signal ended it). */
export async function stopServer(
  server: Spawned,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<number | null> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) {
    return server.child.exitCode;
  }
  const exit = once(server.child, 'exit') as Promise<[number | null]>;
  server.child.kill(signal);
  const [code] = await exit;
  return code;
}

/** Runs the server until it exits by itself (a start-up failure). */
export async function exitOf(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const { child, output } = spawnServer(env);
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output: output() };
}
