// A local push service for the push tests (web-push-testing: real RFC 8291 decryption and VAPID
// checks, over plain HTTP) in a process of its own on a free port: subscribe a device to it, read back
// what it was sent (decrypted), and make a subscription answer 410.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's command (its bin), which starts the service in a process of its own. */
const BIN = fileURLToPath(new URL('../../node_modules/.bin/web-push-testing', import.meta.url));

interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

export interface LocalPushService {
  origin: string;
  subscribe(applicationServerKey: string): Promise<PushSubscriptionJson>;
  /** The decrypted messages sent to this subscription, oldest first. */
  messages(subscription: PushSubscriptionJson): Promise<string[]>;
  expire(subscription: PushSubscriptionJson): Promise<void>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Runs the package's command (`web-push-testing --port N start|stop`) in its own folder. */
function command(folder: string, port: number, verb: 'start' | 'stop'): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(BIN, ['--port', String(port), verb], { cwd: folder, timeout: 20_000 }, (error) =>
      error ? reject(error) : resolve(),
    );
  });
}

export async function startLocalPushService(): Promise<LocalPushService> {
  // The command keeps the server's process id in its working folder: a folder of this run's.
  const folder = mkdtempSync(join(tmpdir(), 'artmint-push-service-'));
  const port = await freePort();
  await command(folder, port, 'start');
  const origin = `http://localhost:${port}`;
  const post = async (path: string, body?: unknown) => {
    const response = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return response.status === 200 && path !== '/status' ? response.json() : null;
  };
  return {
    origin,
    async subscribe(applicationServerKey) {
      const answer = (await post('/subscribe', {
        userVisibleOnly: 'true',
        applicationServerKey,
      })) as {
        data: PushSubscriptionJson;
      };
      return answer.data;
    },
    async messages(subscription) {
      const answer = (await post('/get-notifications', {
        clientHash: subscription.clientHash,
      })) as { data: { messages: string[] } };
      return answer.data.messages;
    },
    async expire(subscription) {
      const response = await fetch(`${origin}/expire-subscription/${subscription.clientHash}`, {
        method: 'POST',
      });
      await response.body?.cancel();
    },
    async close() {
      await command(folder, port, 'stop');
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
