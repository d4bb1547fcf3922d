// What the restore scenarios share (docs/operations.md "Backups"): a device that is the app's own
// sync code (the device store on fake-indexeddb, pushOutbox and pullAll as the engine runs them)
// speaking to a server process over HTTP, counting the snapshots it downloads; and the scenario
// itself, run on PostgreSQL (pg_dump, pg_restore) and on a PGlite data folder (a copy put back).
import 'fake-indexeddb/auto';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { loadSampleData } from '../../src/data/data-access.ts';
import {
  createDeviceDataAccess,
  type DeviceDataAccess,
} from '../../src/data/device-data-access.ts';
import { createDbHandle } from '../../src/data/device/db.ts';
import { accountOwner, SIGNED_OUT, type Owner } from '../../src/data/owner.ts';
import { accountSync } from '../../src/data/sync/account-pull.ts';
import { readCursor } from '../../src/data/sync/apply.ts';
import { pullAll, pushOutbox, type CycleContext } from '../../src/data/sync/cycle.ts';
import { readQueue } from '../../src/data/sync/own-outbox.ts';
import type { SnapshotPage } from '../../shared/protocol.ts';
import { SNAPSHOT_PATH, snapshotPath } from '../../shared/sync-paths.ts';
import type { Database } from '../../server/db/database.ts';
import { mutation } from '../../server/test/sync-fixtures.ts';
import { Device, must, storedFavourites, storedMutations } from '../../server/faults/support.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);

/** `npm run log:rotate` as the operator runs it (docs/operations.md "Backups"), with `env`
 * naming the database (DATABASE_URL or DATA_DIR); answers what it printed. */
export async function rotateLog(env: Record<string, string>): Promise<string> {
  const { stderr } = await run(
    process.execPath,
    ['--import', 'tsx', 'server/sync/log-rotate-cli.ts'],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        TSX_TSCONFIG_PATH: 'tsconfig.server.json',
        ...env,
      },
    },
  );
  return stderr;
}

let devices = 0;

/** A device, signed in or not: the app's device store and sync cycle, over HTTP to
 * `http.origin`. */
export class AppDevice {
  /** Full snapshots downloaded (a start from its first page; never a heal's page of items). */
  snapshots = 0;
  readonly ctx: CycleContext;
  readonly data: DeviceDataAccess;
  readonly owner: Owner;
  private readonly account: ReturnType<typeof accountSync>;

  private constructor(
    readonly http: Device,
    /** The signed-in account's server id; null for a device signed out. */
    readonly accountId: number | null,
  ) {
    this.owner = accountId === null ? SIGNED_OUT : accountOwner(accountId);
    const owner = this.owner;
    devices += 1;
    const dbName = `artmint-device-${devices}`;
    const fetcher = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if (url === SNAPSHOT_PATH || url.startsWith(`${SNAPSHOT_PATH}?page=focus`)) {
        this.snapshots += 1;
      }
      return http.request(url, {
        method: init.method ?? 'GET',
        headers: init.headers ?? {},
        ...(init.body === undefined ? {} : { body: init.body }),
      });
    }) as typeof fetch;
    this.ctx = {
      db: createDbHandle(dbName),
      fetch: fetcher,
      now: () => new Date(),
      owner: () => owner,
    };
    this.account = accountSync(this.ctx);
    this.data = createDeviceDataAccess({
      dbName,
      sample: loadSampleData(new Date()),
      owner: () => owner,
    });
  }

  static async signUp(origin: string, name: string): Promise<AppDevice> {
    const http = new Device(origin);
    return new AppDevice(http, await http.signUp(name));
  }

  static signedOut(origin: string): AppDevice {
    return new AppDevice(new Device(origin), null);
  }

  /** One sync as the engine runs it: the outbox pushed (batch after batch), then the log
   * pulled until it says no more (a few pulls at most, as the engine's next cycles would), then
   * the account's own records. */
  async cycle(): Promise<{ push: string; pull: string }> {
    let push = await pushOutbox(this.ctx, this.owner);
    for (let round = 0; push.kind === 'ok' && push.more && round < 10; round += 1) {
      push = await pushOutbox(this.ctx, this.owner);
    }
    if (push.kind === 'offline') return { push: push.kind, pull: 'not asked' };
    let pull = await pullAll(this.ctx);
    for (let round = 0; pull.kind === 'ok' && pull.more && round < 3; round += 1) {
      pull = await pullAll(this.ctx);
    }
    // Then the account's own records, as the engine reads them after every public pull.
    for (let round = 0; pull.kind === 'ok' && round < 3; round += 1) {
      if (!(await this.account.pull(this.owner))) break;
    }
    return { push: push.kind, pull: pull.kind };
  }

  cursor(): Promise<number> {
    return readCursor(this.ctx.db);
  }

  async waiting(): Promise<string[]> {
    return (await readQueue(this.ctx.db)).filter((m) => m.state === 'waiting').map((m) => m.id);
  }

  close(): void {
    this.data.close();
    this.ctx.db.close();
  }
}

/** The items open to offers in the server's snapshot, as anyone gets it. */
async function offersNow(client: Device): Promise<number[]> {
  const offers: number[] = [];
  let page = (await (await client.request(snapshotPath())).json()) as SnapshotPage;
  for (;;) {
    for (const record of page.records) {
      const saleKind = (record.data as { saleKind?: string } | null)?.saleKind;
      if (record.topic === 'item' && saleKind === 'offers') offers.push(Number(record.key));
    }
    if (page.next === null) return offers;
    page = (await (await client.request(snapshotPath(page.next))).json()) as SnapshotPage;
  }
}

/** The log's newest entry: the cursor of the snapshot's first page. */
async function newestEntry(client: Device): Promise<number> {
  return ((await (await client.request(snapshotPath())).json()) as SnapshotPage).cursor;
}

/** Where the scenario runs: a server on one database, its backup and its restore. */
export interface RestoreSite {
  /** Starts the server on the database; its origin. */
  start(): Promise<string>;
  stop(): Promise<void>;
  /** Takes the backup as docs/operations.md says (a data folder's with the server stopped and
   * started again); the server's origin after it. */
  backup(): Promise<string>;
  /** Puts the backup back, with the servers stopped (steps 1 and 2 of the restore). */
  restore(): Promise<void>;
  /** What `npm run log:rotate` needs to find the database. */
  rotateEnv: Record<string, string>;
  /** Reads the server's stored state, with the server stopped. */
  inspect<T>(read: (db: Database) => Promise<T>): Promise<T>;
}

/**
 * Two devices connected to a server whose database goes back to an older backup: each starts
 * over from the snapshot exactly once, its change made while the server was away is pushed and
 * stored once, and what the restore lost (a collector's offer, the device's own favourite) is
 * neither shown by the device nor pushed again.
 */
export async function restoreScenario(site: RestoreSite): Promise<void> {
  const origin = await site.start();
  const other = new Device(origin);
  await other.signUp('Other Collector');
  const [kept, lost, waitingOn] = await offersNow(other);
  const offer = (itemId: number | undefined, priceEth: string) =>
    mutation('bid', { itemId: must(itemId, 'an item open to offers'), priceEth, quantity: 1 });
  const pushed = async (m: ReturnType<typeof offer>) => {
    const { status, body } = await other.push([m]);
    expect(status).toBe(200);
    expect(body?.results[0]).toMatchObject({ status: 'applied' });
    return m.id;
  };

  const phone = await AppDevice.signUp(origin, 'Phone Collector');
  const laptop = await AppDevice.signUp(origin, 'Laptop Collector');
  const both = [phone, laptop];
  for (const device of both) expect(await device.cycle()).toEqual({ push: 'ok', pull: 'ok' });
  const keptOffer = await pushed(offer(kept, '10.1'));
  for (const device of both) expect(await device.cycle()).toEqual({ push: 'ok', pull: 'ok' });

  const moveTo = (to: string) => {
    for (const client of [other, phone.http, laptop.http]) client.origin = to;
  };
  moveTo(await site.backup());

  // After the backup: an offer that the restore will lose, and the phone's favourite, stored.
  const lostOffer = await pushed(offer(lost, '10.2'));
  await phone.data.toggleFavourite(must(kept, 'item'));
  const lostFavourite = must((await phone.waiting())[0], 'the favourite waiting');
  for (const device of both) expect(await device.cycle()).toEqual({ push: 'ok', pull: 'ok' });
  expect(await phone.waiting()).toEqual([]);
  expect((await laptop.data.listBids(must(lost, 'item'))).map((b) => b.id)).toContain(lostOffer);

  // The server goes away; each device makes a change meanwhile, which waits.
  await site.stop();
  await phone.data.toggleFavourite(must(waitingOn, 'item'));
  const laptopOffer = (
    await laptop.data.placeBid({
      itemId: must(waitingOn, 'item'),
      priceEth: '10.3',
      quantity: 1,
    })
  ).id;
  for (const device of both) expect((await device.cycle()).push).toBe('offline');
  const waiting = [...(await phone.waiting()), ...(await laptop.waiting())];
  expect(waiting).toHaveLength(2);
  expect(waiting).toContain(laptopOffer);

  // The operator's restore: the backup put back, the log's identity rotated, the server started.
  await site.restore();
  expect(await rotateLog(site.rotateEnv)).toMatch(/change log identity \S+ -> \S+: devices start/);
  moveTo(await site.start());
  // Others write until the restored log has grown past both devices' cursors: only the log's
  // identity tells the devices that it is another history.
  const furthest = Math.max(await phone.cursor(), await laptop.cursor());
  for (let price = 20; (await newestEntry(other)) <= furthest; price += 1) {
    expect(price).toBeLessThan(60);
    await pushed(offer(kept, `${price}`));
  }

  for (const device of both) expect(await device.cycle()).toEqual({ push: 'ok', pull: 'ok' });
  for (const device of both) expect(await device.cycle()).toEqual({ push: 'ok', pull: 'ok' });
  // One snapshot before the backup, one start-over after the restore; never another.
  expect(both.map((d) => d.snapshots)).toEqual([2, 2]);
  expect([...(await phone.waiting()), ...(await laptop.waiting())]).toEqual([]);
  // The device shows the restored history: the lost offer is gone, the kept one is there.
  const laptopBids = async (itemId: number | undefined) =>
    (await laptop.data.listBids(must(itemId, 'item'))).map((b) => b.id);
  expect(await laptopBids(lost)).not.toContain(lostOffer);
  expect(await laptopBids(kept)).toContain(keptOffer);
  expect(await laptopBids(waitingOn)).toContain(laptopOffer);
  // And the phone's own favourites are the server's: the one the restore lost is gone.
  expect((await phone.data.listFavourites()).map((item) => item.id)).toEqual([waitingOn]);

  await site.stop();
  await site.inspect(async (db) => {
    // Each waiting change stored once; the lost favourite not pushed again.
    const stored = await storedMutations(db, [...waiting, lostFavourite, lostOffer]);
    expect(stored.rows).toBe(2);
    expect([...stored.status.values()]).toEqual(['applied', 'applied']);
    expect(await storedFavourites(db, must(phone.accountId, 'account'))).toEqual([waitingOn]);
    const { rows } = await db.query<{ id: string }>(
      'SELECT id FROM bids WHERE item_id = ANY($1::int[])',
      [[lost, waitingOn]],
    );
    expect(rows.map((r) => r.id)).toEqual([laptopOffer]);
  });
  for (const device of both) device.close();
}
