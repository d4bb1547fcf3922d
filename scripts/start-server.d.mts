// Types for scripts/start-server.mjs, so TypeScript specs (e2e/sync.spec.ts) can start servers.

export interface StartServerOptions {
  port: number;
  /** Extra environment for the server (ARTMINT_DIST, RATE_LIMIT_WRITES...). */
  env?: Record<string, string>;
  /** Use this data folder (made if missing) and keep it on stop(): a restart keeps the data. */
  dataDir?: string;
  timeoutMs?: number;
}

export interface StartedServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** Stops the server (SIGTERM) and waits; removes the data folder unless it was given. */
  stop(): Promise<void>;
  /** Synchronous SIGTERM, for an exit handler. */
  kill(): void;
  dataDir: string;
  /** The server process's id (its CPU time is read from /proc by the benchmarks). */
  pid: number;
}

export declare function startServer(options: StartServerOptions): Promise<StartedServer>;
