import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startServer, type StartedServer } from '../../scripts/start-server.mjs';
import { DIST_DIR } from './dist';

// Each spec file runs against an Artmint server of its own (server/main.ts over the build) on a
// fresh data folder, so what one file writes (accounts, bids, an item sold once) never changes
// what the next one sees, whatever the order. A first start on an empty folder creates and
// seeds the database (initdb in WebAssembly: about 10 s on the idle 2-core machine), so the
// global setup seeds one template folder per run and every file's server starts on a copy of
// it (about 3 s). Worker n serves on PW_PORT + n (its parallel index), in .tmp/e2e-data-<port>.

/** The run's first port (PW_PORT, 4173 unless set): the template's server, then worker 0's. */
export const BASE_PORT = Number(process.env.PW_PORT ?? 4173);

/** The seeded, never-served database that every spec file's server starts from. */
export const TEMPLATE_DIR = resolve('.tmp', `e2e-template-${BASE_PORT}`);

/** The build (ARTMINT_DIST) and no rate limits: the suite signs in far more often than a
 * person would (the limits have their own server tests). */
export const SERVER_ENV = { ARTMINT_DIST: DIST_DIR, RATE_LIMIT_LOGIN: '0', RATE_LIMIT_WRITES: '0' };

/** A start on an empty folder, seeding included, takes a minute or more on a busy machine. */
export const SERVER_START_TIMEOUT_MS = 170_000;

/** Makes `dir` a fresh data folder: a copy of the template, or empty when there is none (the
 * server then seeds it, which only takes longer). */
export function freshDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  if (existsSync(TEMPLATE_DIR)) cpSync(TEMPLATE_DIR, dir, { recursive: true });
  else mkdirSync(dir, { recursive: true });
}

/** Stops a server (SIGTERM) and checks that it released its data folder: the server removes
 * its lock only once PGlite closed, so a lock left behind means it did not shut down cleanly. */
async function stopCleanly(server: StartedServer): Promise<void> {
  await server.stop();
  if (existsSync(join(server.dataDir, 'server.lock'))) {
    throw new Error(`the server on ${server.origin} did not release ${server.dataDir}`);
  }
}

/** Seeds the template folder (global setup); returns the function that removes it. */
export async function seedTemplate(): Promise<() => void> {
  rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  const server = await startServer({
    port: BASE_PORT,
    dataDir: TEMPLATE_DIR,
    env: SERVER_ENV,
    timeoutMs: SERVER_START_TIMEOUT_MS,
  });
  await stopCleanly(server);
  return () => rmSync(TEMPLATE_DIR, { recursive: true, force: true });
}

export interface SpecServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** Its data folder: the database, its lock, mail/ (one .eml file per mail sent). */
  dataDir: string;
}

let current: SpecServer | null = null;

/** The server of the running test's spec file (set by the fixtures in fixtures.ts). */
export function currentServer(): SpecServer {
  if (!current) {
    throw new Error('No Artmint server runs for this test: import `test` from ./support/fixtures');
  }
  return current;
}

/** The spare's port: the worker's own plus this (4173's spare serves on 4273). */
const SPARE_PORT_OFFSET = 100;

interface Running {
  server: StartedServer;
  stopOnExit: () => void;
}

/** Starts a server on a fresh copy of the template at `port`, stopped if the worker exits. */
async function startFresh(port: number): Promise<Running> {
  const dataDir = resolve('.tmp', `e2e-data-${port}`);
  freshDataDir(dataDir);
  let server: StartedServer;
  try {
    server = await startServer({
      port,
      dataDir,
      env: SERVER_ENV,
      timeoutMs: SERVER_START_TIMEOUT_MS,
    });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  // The server runs in its own process group: if the worker ends without its fixtures'
  // teardown, the server must not outlive it.
  const stopOnExit = () => server.kill();
  process.once('exit', stopOnExit);
  return { server, stopOnExit };
}

/** Stops a server started by startFresh and removes its data folder. */
async function stopFresh({ server, stopOnExit }: Running): Promise<void> {
  process.off('exit', stopOnExit);
  try {
    await stopCleanly(server);
  } finally {
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

/**
 * One worker's server: a new one, on a fresh folder, whenever another spec file begins. The next
 * file's is started while this file's tests run (a spare, on the other of the worker's two
 * ports), so a file waits only for the previous server's stop, not for a copy and a start:
 * about 3.5 s for each of some 40 files.
 */
export class SpecServers {
  private running: (Running & { file: string }) | null = null;
  private spare: Promise<Running> | null = null;
  private nextPort: number;

  constructor(readonly port: number) {
    this.nextPort = port;
  }

  /** The server for spec file `file`: the running one, or a new one. When this call started
   * it, also what that cost in ms: the previous server's stop, and the wait for the spare. */
  async serve(file: string): Promise<{ server: SpecServer; startMs?: number }> {
    if (this.running?.file !== file) {
      const began = Date.now();
      await this.stopRunning();
      const started = await (this.spare ?? this.startNext());
      this.spare = null;
      this.running = { ...started, file };
      current = { origin: started.server.origin, dataDir: started.server.dataDir };
      this.spare = this.startNext();
      // Its failure is the next file's to report (it awaits this promise); never unhandled.
      this.spare.catch(() => undefined);
      return { server: current, startMs: Date.now() - began };
    }
    return { server: currentServer() };
  }

  private startNext(): Promise<Running> {
    const port = this.nextPort;
    this.nextPort = port === this.port ? this.port + SPARE_PORT_OFFSET : this.port;
    return startFresh(port);
  }

  private async stopRunning(): Promise<void> {
    if (!this.running) return;
    const running = this.running;
    this.running = null;
    current = null;
    await stopFresh(running);
  }

  async stop(): Promise<void> {
    const spare = this.spare;
    this.spare = null;
    await this.stopRunning();
    // A spare that failed to start left nothing to stop (startFresh cleaned up after itself).
    const started = await spare?.catch(() => null);
    if (started) await stopFresh(started);
  }
}
