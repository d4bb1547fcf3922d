// PUT/GET /api/images/:imageId (content checked by its bytes, 10 MB at most) and the item
// mutation that makes an uploaded work an item every collector sees.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ActivityEntry, Item } from '../../shared/types.ts';
import { serverWithAccounts } from '../test/accounts.ts';
import { PNG, putImage, SVG, uploadPng } from '../test/images.ts';
import { cursorNow, lastChange, mutation, pushOne } from '../test/sync-fixtures.ts';
import { sniffContentType } from './image-types.ts';
import { itemSnapshot } from '../core/snapshots.ts';

const {
  server,
  clients: [ada, bob],
  ids: [adaId],
} = await serverWithAccounts('Ada', 'Bob');

const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;

describe('PUT and GET /api/images/:imageId', () => {
  it('stores a real PNG and serves it with its type, a year-long immutable cache and nosniff', async () => {
    const id = randomUUID();
    const put = await putImage(ada, PNG, id, 'application/octet-stream');
    expect(put.status).toBe(201);
    expect(await put.json()).toEqual({ id, url: `/api/images/${id}`, contentType: 'image/png' });
    const get = await bob.get(`/api/images/${id}`);
    expect(get.status).toBe(200);
    expect(get.headers.get('content-type')).toBe('image/png');
    expect(get.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(get.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await get.arrayBuffer()).equals(PNG)).toBe(true);
    // The same bytes again are fine; other bytes under the same id are not.
    expect((await putImage(ada, PNG, id)).status).toBe(200);
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    expect((await putImage(ada, gif, id)).status).toBe(409);
  });

  it('refuses SVG, a text file named .png, and an empty body, whatever the header says', async () => {
    const svg = await putImage(ada, SVG, randomUUID(), 'image/png');
    expect(svg.status).toBe(415);
    expect(await errorOf(svg)).toMatch(/SVG is not accepted/);
    const text = await putImage(ada, Buffer.from('hello, I am a .png'), randomUUID(), 'image/png');
    expect(text.status).toBe(415);
    expect((await putImage(ada, new Uint8Array(0))).status).toBe(400);
  });

  it('refuses more than 10 MB with 413 and a clear message', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PNG);
    const response = await putImage(ada, big);
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toMatch(/10 MB/);
  });

  it('needs a sign-in, a UUID id, and never replaces someone else’s image', async () => {
    expect((await putImage(server.client(), PNG)).status).toBe(401);
    expect((await putImage(ada, PNG, 'not-a-uuid')).status).toBe(400);
    const id = await uploadPng(ada);
    expect((await putImage(bob, PNG, id)).status).toBe(403);
    expect((await bob.get(`/api/images/${randomUUID()}`)).status).toBe(404);
  });

  it('tells the accepted kinds by their first bytes only', () => {
    const ftyp = (brand: string) =>
      Buffer.concat([Buffer.from([0, 0, 0, 16]), Buffer.from(`ftyp${brand}\0\0\0\0`, 'latin1')]);
    expect(sniffContentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffContentType(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(sniffContentType(ftyp('avif'))).toBe('image/avif');
    expect(sniffContentType(ftyp('isom'))).toBe('video/mp4');
    expect(sniffContentType(ftyp('qt  '))).toBeNull();
    expect(sniffContentType(Buffer.from('<?xml version="1.0"?><svg/>'))).toBeNull();
  });
});

describe('the item mutation (upload work)', () => {
  it('makes an item with a server id, the account as creator and owner, seen by everyone', async () => {
    const imageId = await uploadPng(ada);
    const since = await cursorNow(server);
    const upload = mutation('item', {
      title: ' Dawn ',
      description: 'Oil on wood',
      type: 'music',
      rateEth: '0.5',
      imageId,
    });
    const result = await pushOne(ada, upload);
    expect(result).toMatchObject({ id: upload.id, status: 'applied', itemId: expect.any(Number) });
    const itemId = result.status === 'applied' ? (result.itemId ?? 0) : 0;
    expect(itemId).toBeGreaterThanOrEqual(100_000);
    const item = (await lastChange(bob, since, 'item', itemId)) as Item;
    expect(item).toMatchObject({
      id: itemId,
      title: 'Dawn',
      creatorId: adaId,
      ownerId: adaId,
      image: `/api/images/${imageId}`,
      priceEth: '0.5',
      saleKind: 'now',
      category: 'Music',
    });
    expect(await lastChange(bob, since, 'creator', adaId)).toMatchObject({ name: 'Ada' });
    const listing = (await lastChange(
      bob,
      since,
      'activity',
      `listing-${itemId}`,
    )) as ActivityEntry;
    // The whole sentence for any version of the app; with the actor her own devices say "You".
    expect(listing).toMatchObject({
      description: 'Ada listed Dawn',
      actor: { id: adaId, name: 'Ada', deed: 'listed Dawn' },
    });
    // A replay makes no second item.
    expect(await pushOne(ada, upload)).toEqual(result);
    const { rows } = await server.db.query('SELECT 1 FROM items WHERE creator_id = $1', [adaId]);
    expect(rows).toHaveLength(1);
  });

  it('without an end date it has no end: no end stored, none in its snapshot (issue 31)', async () => {
    const since = await cursorNow(server);
    const result = await pushOne(
      ada,
      mutation('item', {
        title: 'Noon',
        description: '',
        type: 'tech',
        imageId: await uploadPng(ada),
      }),
    );
    const itemId = result.status === 'applied' ? (result.itemId ?? 0) : 0;
    const { rows } = await server.db.query<{ ends_at: Date | null }>(
      'SELECT ends_at FROM items WHERE id = $1',
      [itemId],
    );
    expect(rows).toEqual([{ ends_at: null }]);
    const item = (await lastChange(bob, since, 'item', itemId)) as Record<string, unknown>;
    expect(item).toMatchObject({ saleKind: 'now', liveDate: null, date: null });
    // Bob may still make an offer on it and buy it: it never ends.
    expect(
      await pushOne(bob, mutation('bid', { itemId, priceEth: '2', quantity: 1 })),
    ).toMatchObject({ status: 'applied' });
    expect(await pushOne(bob, mutation('checkout', { itemId }))).toMatchObject({
      status: 'applied',
    });
  });

  it('an auction must have an end', async () => {
    await expect(
      server.db.query(
        `INSERT INTO items (creator_id, owner_id, sale_kind, price_eth, highest_bid_eth, ends_at, data)
         VALUES ($1, $1, 'auctions', 1, 0, NULL, '{}')`,
        [adaId],
      ),
    ).rejects.toThrow(/items_auction_has_end/);
  });

  it('an end date makes it an auction ending then', async () => {
    const end = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const result = await pushOne(
      ada,
      mutation('item', {
        title: 'Dusk',
        description: '',
        type: 'gifs',
        endDate: end,
        imageId: await uploadPng(ada),
      }),
    );
    const itemId = result.status === 'applied' ? (result.itemId ?? 0) : 0;
    expect(await itemSnapshot(server.db, itemId)).toMatchObject({
      saleKind: 'auctions',
      liveDate: end,
    });
  });

  it('refuses a missing image, someone else’s image, and bad fields', async () => {
    const base = { title: 'T', description: '', type: 'tech' };
    expect(await pushOne(ada, mutation('item', { ...base, imageId: randomUUID() }))).toMatchObject({
      code: 'not-found',
    });
    const bobsImage = await uploadPng(bob);
    expect(await pushOne(ada, mutation('item', { ...base, imageId: bobsImage }))).toMatchObject({
      code: 'forbidden',
    });
    const past = new Date(Date.now() - 86_400_000).toISOString();
    expect(
      await pushOne(
        ada,
        mutation('item', { ...base, title: ' ', endDate: past, imageId: await uploadPng(ada) }),
      ),
    ).toMatchObject({
      code: 'invalid',
      fields: { title: expect.any(String), endDate: expect.any(String) },
    });
    const noTitle = {
      ...mutation('item', { ...base, imageId: bobsImage }),
      args: { imageId: bobsImage },
    };
    expect(await pushOne(ada, noTitle)).toMatchObject({ code: 'invalid' });
  });

  it('needs a sign-in', async () => {
    const response = await server.client().post('/api/push', {
      mutations: [
        mutation('item', { title: 'T', description: '', type: 'tech', imageId: randomUUID() }),
      ],
    });
    expect(response.status).toBe(401);
  });
});
