// Edits merge (docs/sync.md "Edits merge") end to end below the screens: the laptop is the
// app's own device code (the device store on fake-indexeddb, the sync cycle's pushOutbox)
// against the real server on PostgreSQL; the phone, a second session of the same account,
// saved first. Different fields both stand; the same field is kept from the phone, and the
// laptop's change carries both values for the sync panel.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSampleData } from '../../src/data/data-access.ts';
import { createDeviceDataAccess } from '../../src/data/device-data-access.ts';
import { createDbHandle } from '../../src/data/device/db.ts';
import { accountOwner, type Owner } from '../../src/data/owner.ts';
import { pushOutbox, type CycleContext } from '../../src/data/sync/cycle.ts';
import { readQueue } from '../../src/data/sync/own-outbox.ts';
import type { MeResponse } from '../../shared/protocol.ts';
import { startTestServer, type TestClient, type TestServer } from '../../server/test/harness.ts';
import { mutation, pushOne } from '../../server/test/sync-fixtures.ts';
import { cluster } from '../../server/faults/support.ts';

let server: TestServer;
beforeAll(async () => {
  cluster(); // PostgreSQL, not the embedded database.
  server = await startTestServer();
});
afterAll(() => server?.close());

/** The server's API as the device's fetch: relative URLs, the collector's cookie. */
function deviceFetch(client: TestClient): typeof fetch {
  return (async (input: RequestInfo | URL, init: RequestInit = {}) =>
    client.request(String(input), {
      method: init.method ?? 'GET',
      headers: init.headers ?? {},
      ...(init.body === undefined ? {} : { body: init.body }),
    })) as typeof fetch;
}

describe('a profile edited on a phone and a laptop', () => {
  it('keeps both edits of different fields, and tells the laptop the field the phone saved first', async () => {
    const laptopClient = server.client();
    const accountId = (await laptopClient.signUp('Ada')).id;
    const phone = server.client();
    phone.cookie = laptopClient.cookie;
    const owner: Owner = accountOwner(accountId);
    const laptop = createDeviceDataAccess({
      sample: loadSampleData(new Date()),
      owner: () => owner,
    });
    const ctx: CycleContext = {
      db: createDbHandle(),
      fetch: deviceFetch(laptopClient),
      now: () => new Date(),
      owner: () => owner,
    };

    // The laptop saves the section once and syncs: both devices are at version 1.
    const first = { firstName: 'Ada', lastName: 'Lovelace', bio: 'Painter' };
    await laptop.saveProfileSection('personal', first);
    expect(await pushOutbox(ctx, owner)).toMatchObject({ kind: 'ok' });

    // Offline, the laptop changes the bio and the last name; the phone saves the bio and the
    // first name first.
    await laptop.saveProfileSection('personal', { ...first, lastName: 'King', bio: 'Sculptor' });
    const phoneSave = mutation('profile', {
      section: 'personal',
      fields: { firstName: 'Augusta', bio: 'Painter of skies' },
      base: 1,
    });
    expect(await pushOne(phone, phoneSave)).toMatchObject({ status: 'applied', version: 2 });

    expect(await pushOutbox(ctx, owner)).toMatchObject({ kind: 'ok' });
    const merged = { firstName: 'Augusta', lastName: 'King', bio: 'Painter of skies' };
    const me = (await (await phone.get('/api/me')).json()) as MeResponse;
    expect(me.profile.personal).toEqual(merged);
    expect(me.profileVersions?.personal).toBe(3);
    // The laptop shows the section as merged, and its change says what was kept.
    expect((await laptop.loadProfile()).personal).toEqual(merged);
    const change = (await readQueue(ctx.db)).at(-1);
    expect(change).toMatchObject({
      state: 'synced',
      lost: [{ field: 'bio', yours: 'Sculptor', kept: 'Painter of skies' }],
    });
    // Its next save goes against version 3.
    await laptop.saveProfileSection('personal', { ...merged, bio: 'Sculptor' });
    expect((await readQueue(ctx.db)).at(-1)?.args).toEqual({
      section: 'personal',
      fields: { bio: 'Sculptor' },
      base: 3,
    });
    laptop.close();
  });
});
