// Starts the Artmint server (server/main.ts) over the existing build for a script (the
// benchmarks, the manifest screenshots, the sync end-to-end spec) on 127.0.0.1 and `port`, on a
// fresh data folder of its own (or DATABASE_URL when given), and waits until it answers.
// Returns its origin and stop(). With `dataDir`, it uses that folder instead (made if missing)
// and stop() keeps it: a restart on the same folder keeps every write (remove it yourself).
// SERVER_NODE_ARGS adds options to the server's node, e.g. to profile it under a benchmark:
//   SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' node scripts/bench-events.mjs
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

/** Fails when something already listens on 127.0.0.1:`port`: the health check below would
 * otherwise be answered by that other server while ours exits on EADDRINUSE. */
function ensurePortFree(port) {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', (error) =>
      fail(new Error(`port ${port} is already in use (${error.code}): choose another port`)),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => done()));
  });
}

export async function startServer({ port, env = {}, dataDir: given, timeoutMs = 120_000 } = {}) {
  await ensurePortFree(port);
  const dataDir = given ? resolve(given) : mkdtempSync(join(tmpdir(), 'artmint-server-'));
  if (given) mkdirSync(dataDir, { recursive: true });
  // tsx as a loader in this one process, not its CLI: the CLI runs the server in a child of
  // its own, so a SIGKILL meant for the server would leave that child running.
  const child = spawn(
    process.execPath,
    [
      ...(process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
      '--import',
      'tsx',
      'server/main.ts',
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        TSX_TSCONFIG_PATH: 'tsconfig.server.json',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const origin = `http://127.0.0.1:${port}`;
  /** Synchronous, for an exit handler; stop() also waits and removes the data folder. */
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
    }
    if (!given) rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${stderr.trim()}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) {
        return { origin, stop, kill, dataDir, pid: child.pid };
      }
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 300));
  }
  await stop();
  throw new Error(`the server did not answer on ${origin}: ${stderr.trim()}`);
}
