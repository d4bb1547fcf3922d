// A child process for the static-file flood test (server/http/security.test.ts): the real app
// over HTTP on a build of a few files, run with --expose-gc, that answers the parent's "measure"
// with its memory after garbage collection and the worst event-loop delay since the last one.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { setPriority, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { serve } from '@hono/node-server';
import { openPglite } from '../db/database.ts';
import { createApp } from '../app.ts';
import { createMailer } from '../mail.ts';

const ROOT = join(import.meta.dirname, '..', '..');
// The event-loop delay measured here is meant to be the server's own: ahead of the test runner
// and its HTTP client for the CPU (allowed as root, as in CI; elsewhere it runs as it is).
try {
  setPriority(-10);
} catch {
  // Not permitted: the figure may then include time the process waited for the CPU.
}
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

// A build with a script of about 400 KB (text that compresses, as a bundle does).
const dist = mkdtempSync(join(tmpdir(), 'artmint-flood-dist-'));
const words = Array.from({ length: 40_000 }, (_, i) => `w${(i * 7919) % 10007}`).join(' ');
const files: Record<string, string> = {
  'app-shell.html': '<!doctype html><title>Artmint</title>',
  'index.html': `<!doctype html><title>Home</title>${'<p>home</p>'.repeat(300)}`,
  'assets/index-abc123.js': `console.log(${JSON.stringify(words)});`,
};
for (const [name, body] of Object.entries(files)) {
  mkdirSync(dirname(join(dist, name)), { recursive: true });
  writeFileSync(join(dist, name), body);
}
execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-files.mjs'), dist]);

const db = await openPglite(null);
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
// The app knows the port it answers on, which the listening socket decides.
let app: ReturnType<typeof createApp> | undefined;
const server = serve(
  {
    fetch: (request, env) => (app ? app.fetch(request, env) : new Response(null, { status: 503 })),
    port: 0,
    hostname: '127.0.0.1',
  },
  (info) => {
    app = createApp({
      db,
      dist,
      port: info.port,
      mailer: createMailer({ dir: dist, log: () => undefined }),
    });
    process.send?.({ port: info.port });
  },
);

function memory(): number {
  gc?.();
  gc?.();
  const used = process.memoryUsage();
  return used.heapUsed + used.external;
}

/** How long the loop is left to sample the pause of the collections `memory()` forces. */
const AFTER_GC_MS = 50;

process.on('message', (message: string) => {
  if (message === 'measure') {
    // The event loop's figures since the last measure, read before this one's own collections.
    const delays = {
      delayMaxMs: delay.max / 1e6,
      delayP99Ms: delay.percentile(99) / 1e6,
      delayMeanMs: delay.mean / 1e6,
    };
    const used = memory();
    // Two forced full collections block the loop themselves; the histogram samples that pause
    // on its next turn, so it starts afresh only after it (it was counted in the next window).
    setTimeout(() => {
      delay.reset();
      process.send?.({ memory: used, ...delays });
    }, AFTER_GC_MS);
  } else if (message === 'stop') {
    server.close();
    void Promise.resolve(app?.stop())
      .then(() => db.close())
      .finally(() => process.exit(0));
  }
});
