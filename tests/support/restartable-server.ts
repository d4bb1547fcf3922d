import { expect, type APIRequestContext } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type StartedServer } from '../../scripts/start-server.mjs';
import { freshDataDir, SERVER_ENV } from './spec-server';

// A server a test stops and starts again itself (the sync and Background Sync specs: "offline"
// is the server stopped, so nothing answers the page, the engine or the service worker), on a
// port and a data folder of its own (a copy of the run's seeded template), kept across restarts.

/** The account's own records as GET /api/me answers them. */
export interface Me {
  account: { id: number; name: string };
  favourites: number[];
  follows: number[];
  bids: { id: string; itemId: number; priceEth: string }[];
}

/** An entry of the server's change log (the public state of items, creators, bids, activity). */
export interface LoggedChange {
  seq: number;
  topic: string;
  key: string;
  data: unknown;
}

/** One test's server, restartable on the same port and data folder. */
export class TestServer {
  private current: StartedServer | null = null;
  readonly dataDir = mkdtempSync(join(tmpdir(), 'artmint-sync-e2e-'));
  /** `env`: more of the server's environment (LOG_KEEP, COMPACT_EVERY_MS...). */
  constructor(
    readonly port: number,
    private readonly env: Record<string, string> = {},
  ) {
    freshDataDir(this.dataDir);
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.current = await startServer({
      port: this.port,
      dataDir: this.dataDir,
      env: { ...SERVER_ENV, ...this.env },
    });
  }

  async stop(): Promise<void> {
    await this.current?.stop();
    this.current = null;
    await expect(fetch(`${this.origin}/api/health`), 'the server is down').rejects.toThrow();
  }

  async dispose(): Promise<void> {
    await this.current?.stop();
    this.current = null;
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** GET /api/me with `request`'s session. */
  async me(request: APIRequestContext): Promise<Me> {
    const response = await request.get(`${this.origin}/api/me`);
    expect(response.ok(), `GET /api/me: ${response.status()}`).toBe(true);
    return (await response.json()) as Me;
  }

  /** Every change of the server's log, pulled page by page. */
  async changes(request: APIRequestContext): Promise<LoggedChange[]> {
    const all: LoggedChange[] = [];
    let since = 0;
    for (;;) {
      const response = await request.get(`${this.origin}/api/changes?since=${since}`);
      expect(response.ok()).toBe(true);
      const page = (await response.json()) as {
        changes: LoggedChange[];
        cursor: number;
        more: boolean;
      };
      all.push(...page.changes);
      since = page.cursor;
      if (!page.more) return all;
    }
  }
}
