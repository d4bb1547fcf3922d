// PostgreSQL restarted (pg_ctl restart -m fast, on the cluster itself) while four devices push
// their outboxes: the requests caught by it are answered 503 with Retry-After, never a 500 and
// never a stack trace in the log; the server's pool reconnects with no restart of the server;
// the devices retry as their sync engine does (same mutation ids), and every write is stored
// exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { startServer, stopServer, type Running } from '../test/process.ts';
import { makeItem, mutation, type TestMutation } from '../test/sync-fixtures.ts';
import {
  Device,
  freshDatabase,
  must,
  pgCtl,
  sleep,
  storedBids,
  storedFavourites,
  storedMutations,
} from './support.ts';

const DEVICES = 4;
const WRITES = 16;
const BATCH = 2;

let database: Awaited<ReturnType<typeof freshDatabase>>;
let db: Database;
let server: Running;

beforeAll(async () => {
  database = await freshDatabase();
  db = database.db;
  server = await startServer({
    DATABASE_URL: database.url,
    RATE_LIMIT_LOGIN: '0',
    RATE_LIMIT_WRITES: '0',
  });
});
afterAll(async () => {
  if (server) await stopServer(server);
  await database?.drop();
});

interface Pushing {
  /** Status of every answer, with Retry-After on the 503s. */
  answers: { status: number; retryAfter: string | null }[];
  /** Requests that got no answer (the connection failed). */
  lost: number;
}

/** Pushes the outbox in batches, retrying a batch until it is answered 200, as a device does:
 * after Retry-After on a 503 or 429, after a short wait when the connection failed. */
async function pushAll(device: Device, outbox: TestMutation[], log: Pushing): Promise<void> {
  for (let i = 0; i < outbox.length; i += BATCH) {
    const batch = outbox.slice(i, i + BATCH);
    for (;;) {
      let answer;
      try {
        answer = await device.push(batch);
      } catch {
        if (server.child.exitCode !== null) throw new Error(`the server died:\n${server.output()}`);
        log.lost += 1;
        await sleep(200);
        continue;
      }
      log.answers.push({ status: answer.status, retryAfter: answer.retryAfter });
      if (answer.status === 200) break;
      if (answer.status !== 503 && answer.status !== 429) {
        throw new Error(
          `push answered ${answer.status}: ${answer.body?.error ?? ''}\n${server.output()}`,
        );
      }
      await sleep(Number(answer.retryAfter) * 1000);
    }
    await sleep(40);
  }
}

describe('PostgreSQL restarted under load', () => {
  it('answers 503 meanwhile, reconnects by itself, and loses or doubles no write', async () => {
    const offers: number[] = [];
    for (let i = 0; i < 4; i += 1) offers.push(await makeItem({ db }, { saleKind: 'offers' }));
    const listed: number[] = [];
    for (let i = 0; i < WRITES / 2; i += 1) {
      listed.push(await makeItem({ db }, { saleKind: 'offers' }));
    }
    const devices = await Promise.all(
      Array.from({ length: DEVICES }, async (_, n) => {
        const device = new Device(server.origin);
        const accountId = await device.signUp(`Collector ${n + 1}`);
        // Half offers (a different amount from each device), half favourites.
        const outbox = Array.from({ length: WRITES }, (_, w) =>
          w % 2 === 0
            ? mutation('bid', {
                itemId: must(offers[(w / 2) % offers.length], 'item'),
                priceEth: `${4 + w}.${n + 1}`,
                quantity: 1,
              })
            : mutation('favourite', { itemId: must(listed[(w - 1) / 2], 'item'), on: true }),
        );
        return { device, accountId, outbox, log: { answers: [], lost: 0 } as Pushing };
      }),
    );
    const all = devices.flatMap((d) => d.outbox);

    const pushing = Promise.all(devices.map((d) => pushAll(d.device, d.outbox, d.log)));
    // Once about a third is stored, the database restarts under the devices' feet.
    const deadline = Date.now() + 30_000;
    while (
      (
        await storedMutations(
          db,
          all.map((m) => m.id),
        ).catch(() => ({ rows: 0 }))
      ).rows < 20
    ) {
      if (Date.now() > deadline) throw new Error('the devices never got going');
      await sleep(20);
    }
    await pgCtl('restart', '-m', 'fast', '-w', '-t', '60');
    await pushing;

    const answers = devices.flatMap((d) => d.log.answers);
    const unavailable = answers.filter((a) => a.status === 503);
    // The restart caught requests, and each was told to come back.
    expect(unavailable.length).toBeGreaterThan(0);
    for (const answer of unavailable) expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    expect(devices.reduce((sum, d) => sum + d.log.lost, 0)).toBe(0);
    // The server kept running on its own and logged one line per refused request.
    expect(server.child.exitCode).toBeNull();
    const log = server.output().trim().split('\n');
    expect(log.filter((line) => !/: database unavailable$/.test(line))).toEqual([
      expect.stringMatching(/^artmint: new database: sample catalogue seeded$/),
      expect.stringMatching(/^artmint: listening on /),
    ]);

    // Nothing lost, nothing doubled.
    const stored = await storedMutations(
      db,
      all.map((m) => m.id),
    );
    expect(stored.rows).toBe(all.length);
    expect(new Set(stored.status.values())).toEqual(new Set(['applied']));
    const bids = await storedBids(db, offers);
    for (const itemId of offers) {
      const made = all.filter((m) => m.kind === 'bid' && m.args.itemId === itemId);
      const { ids, highest } = must(bids.get(itemId), 'bids');
      expect([...ids].sort()).toEqual(made.map((m) => m.id).sort());
      const amounts = made.map((m) => (m.kind === 'bid' ? Number(m.args.priceEth) : 0));
      expect(Number(highest)).toBe(Math.max(...amounts));
    }
    for (const { accountId } of devices) {
      expect(await storedFavourites(db, accountId)).toEqual([...listed].sort((a, b) => a - b));
    }
  });
});
