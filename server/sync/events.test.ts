// GET /api/events, the live stream of the change log, on the real database: a write's entries
// arrive as they commit, a reconnect resumes after its Last-Event-ID and misses nothing, and a
// second app on the same database (a second server process) streams the first one's writes.
// Bounded: streams at one cursor share a read and a batch, a stream whose browser reads nothing
// is dropped at its bound, and the caps count an IPv6 address by its /64.
import { once } from 'node:events';
import { serve } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import type { LiveBatch, LiveHello } from '../../shared/protocol.ts';
import { ORIGIN, type TestClient } from '../test/harness.ts';
import { serverWithAccounts } from '../test/accounts.ts';
import { freePort } from '../test/process.ts';
import { cursorNow, makeItem, mutation, pushOne } from '../test/sync-fixtures.ts';
import type { Database } from '../db/database.ts';
import { createEventHub } from './event-hub.ts';

const {
  server,
  clients: [ada, bob],
} = await serverWithAccounts('Ada', 'Bob');

interface SseEvent {
  event: string;
  id?: string;
  data: string;
}

/** Reads Server-Sent Events from a response as they arrive. */
function sseReader(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const queue: SseEvent[] = [];
  async function next(timeoutMs = 5000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const queued = queue.shift();
      if (queued) return queued;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no event in time');
      const chunk = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), left)),
      ]);
      if (chunk === null) throw new Error('no event in time');
      if (chunk.done) throw new Error('the stream ended');
      buffer += decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event: SseEvent = { event: 'message', data: '' };
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) continue;
          const [field, ...rest] = line.split(': ');
          const value = rest.join(': ');
          if (field === 'event') event.event = value;
          else if (field === 'id') event.id = value;
          else if (field === 'data') event.data += value;
        }
        if (block.split('\n').some((line) => !line.startsWith(':'))) queue.push(event);
      }
    }
  }
  /** Batches until one reaches `seq`, merged. */
  async function changesUpTo(seq: number): Promise<LiveBatch[]> {
    const batches: LiveBatch[] = [];
    while ((batches.at(-1)?.cursor ?? -1) < seq) {
      const event = await next();
      if (event.event !== 'changes') continue;
      const batch = JSON.parse(event.data) as LiveBatch;
      expect(event.id).toBe(String(batch.cursor));
      batches.push(batch);
    }
    return batches;
  }
  return { next, changesUpTo, cancel: () => reader.cancel() };
}

async function open(client: TestClient, query = '', headers: Record<string, string> = {}) {
  const response = await client.request(`/api/events${query}`, { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const stream = sseReader(response);
  const hello = await stream.next();
  expect(hello.event).toBe('hello');
  return { stream, hello: JSON.parse(hello.data) as LiveHello };
}

describe('the live stream', () => {
  it('opens with the server clock and cursor, then carries a bid as it commits', async () => {
    const itemId = await makeItem(server, { saleKind: 'auctions', endsIn: 3_600_000 });
    const before = await cursorNow(server);
    const { stream, hello } = await open(ada, `?since=${before}`);
    expect(hello.cursor).toBe(before);
    expect(Math.abs(hello.now - Date.now())).toBeLessThan(5000);

    const bid = mutation('bid', { itemId, priceEth: '9.25', quantity: 1 });
    expect((await pushOne(bob, bid)).status).toBe('applied');
    const after = await cursorNow(server);
    const batches = await stream.changesUpTo(after);
    const changes = batches.flatMap((b) => b.changes);
    expect(batches[0]?.since).toBe(before);
    expect(changes.map((c) => c.seq)).toEqual([...changes.map((c) => c.seq)].sort((a, b) => a - b));
    const item = changes.find((c) => c.topic === 'item' && c.key === String(itemId));
    expect(item?.data).toMatchObject({ highestBidEth: '9.25' });
    expect(changes.some((c) => c.topic === 'bid' && c.key === bid.id)).toBe(true);
    await stream.cancel();
  });

  it('resumes after Last-Event-ID with exactly what the pull has after it', async () => {
    const itemId = await makeItem(server, { saleKind: 'offers' });
    const from = await cursorNow(server);
    for (const on of [true, false, true]) {
      await pushOne(ada, mutation('favourite', { itemId, on }));
    }
    await pushOne(bob, mutation('bid', { itemId, priceEth: '2.5', quantity: 1 }));
    const to = await cursorNow(server);
    const { stream } = await open(ada, '?since=0', { 'Last-Event-ID': String(from) });
    const streamed = (await stream.changesUpTo(to)).flatMap((b) => b.changes);
    const pulled = (await (await ada.get(`/api/changes?since=${from}`)).json()) as {
      changes: unknown[];
    };
    expect(streamed).toEqual(pulled.changes);
    expect(streamed.length).toBeGreaterThanOrEqual(4);
    await stream.cancel();
  });

  it('refuses a malformed cursor with a clear message', async () => {
    for (const since of ['-1', 'abc', '1e3', '99999999999999999999']) {
      const response = await ada.get(`/api/events?since=${since}`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/whole number/);
    }
  });

  it('ends its streams when the hub stops, and keeps its count of open streams', async () => {
    const app = server.secondApp();
    const response = await app.request(`${ORIGIN}/api/events`);
    const stream = sseReader(response);
    expect((await stream.next()).event).toBe('hello');
    expect(app.events.size).toBe(1);
    await app.events.stop();
    expect(app.events.size).toBe(0);
    await expect(stream.next(2000)).rejects.toThrow(/ended/);
  });
});

describe('over a real HTTP connection', () => {
  it('streams from the Node response itself, and lets a stream go when the browser leaves', async () => {
    // The app answers only for the port it is told it serves on.
    const port = await freePort();
    const app = server.secondApp({ port });
    const http = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
    try {
      if (!http.listening) await once(http, 'listening');
      const itemId = await makeItem(server, { saleKind: 'auctions', endsIn: 3_600_000 });
      const before = await cursorNow(server);
      const response = await fetch(`http://127.0.0.1:${port}/api/events?since=${before}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      expect(response.headers.get('cache-control')).toContain('no-cache');
      const stream = sseReader(response);
      const hello = await stream.next();
      expect(hello.event).toBe('hello');
      expect((JSON.parse(hello.data) as LiveHello).cursor).toBe(before);
      expect(app.events.size).toBe(1);

      await pushOne(bob, mutation('bid', { itemId, priceEth: '7.5', quantity: 1 }));
      const changes = (await stream.changesUpTo(await cursorNow(server))).flatMap((b) => b.changes);
      const item = changes.find((c) => c.topic === 'item' && c.key === String(itemId));
      expect(item?.data).toMatchObject({ highestBidEth: '7.5' });

      await stream.cancel();
      await expect.poll(() => app.events.size, { timeout: 5000 }).toBe(0);
    } finally {
      await app.stop();
      http.close();
    }
  });
});

describe('two servers on one database', () => {
  it("streams a write made through the other server (NOTIFY, not one process's list)", async () => {
    // Its hub hears of the first app's commits only through the database.
    const second = server.secondApp();
    try {
      const itemId = await makeItem(server, { saleKind: 'auctions', endsIn: 3_600_000 });
      const before = await cursorNow(server);
      const response = await second.request(`${ORIGIN}/api/events?since=${before}`);
      const stream = sseReader(response);
      expect((await stream.next()).event).toBe('hello');
      const started = Date.now();
      await pushOne(bob, mutation('bid', { itemId, priceEth: '12', quantity: 1 }));
      const changes = (await stream.changesUpTo(await cursorNow(server))).flatMap((b) => b.changes);
      expect(Date.now() - started).toBeLessThan(2000);
      const item = changes.find((c) => c.topic === 'item' && c.key === String(itemId));
      expect(item?.data).toMatchObject({ highestBidEth: '12' });
      await stream.cancel();
    } finally {
      await second.stop();
    }
  });
});

describe('bounded', () => {
  it('hands two streams at one cursor one read of the log and one batch', async () => {
    const itemId = await makeItem(server, { saleKind: 'offers' });
    const before = await cursorNow(server);
    for (const on of [true, false]) await pushOne(ada, mutation('favourite', { itemId, on }));
    // Reads of the log after a cursor, counted (the same database underneath).
    const reads: unknown[] = [];
    const counted: Database = {
      ...server.db,
      logReader: {
        query: (statement, params) => {
          if (typeof statement !== 'string' && statement.name === 'artmint_changes_since') {
            reads.push(params?.[0]);
          }
          return server.db.logReader.query(statement, params);
        },
      },
    };
    const hub = createEventHub(counted, () => undefined);
    try {
      // The hub starts at the newest entry: both streams are behind what it holds in memory.
      await hub.latest();
      const frames: Uint8Array[][] = [[], []];
      const outlet = (frames: Uint8Array[]) => ({
        write: (frame: Uint8Array) => void frames.push(frame),
        drained: () => Promise.resolve(),
        end: () => undefined,
      });
      await Promise.all(frames.map((received) => hub.subscribe(before, outlet(received))));
      await expect.poll(() => frames.every((received) => received.length > 0)).toBe(true);
      expect(reads.filter((since) => Number(since) === before)).toHaveLength(1);
      // The very same bytes, encoded once.
      expect(frames[0]?.[0]).toBe(frames[1]?.[0]);
      const batch = JSON.parse(
        new TextDecoder().decode(frames[0]?.[0]).split('\n')[1]?.slice('data: '.length) ?? '',
      ) as LiveBatch;
      expect(batch.since).toBe(before);
      expect(batch.changes.length).toBeGreaterThanOrEqual(2);
    } finally {
      await hub.stop();
    }
  });

  it('hands every one of 250 streams (three slices of the fan-out) each entry once, in order', async () => {
    const itemId = await makeItem(server, { saleKind: 'offers' });
    const hub = createEventHub(server.db, () => undefined);
    try {
      const from = await hub.latest();
      const received: number[][] = Array.from({ length: 250 }, () => []);
      const decoder = new TextDecoder();
      await Promise.all(
        received.map((seqs) =>
          hub.subscribe(from, {
            write: (frame) => {
              const data = decoder.decode(frame).split('\n')[1]?.slice('data: '.length) ?? '';
              const batch = JSON.parse(data) as LiveBatch;
              expect(batch.since).toBe(seqs.at(-1) ?? from);
              seqs.push(...batch.changes.map((change) => change.seq));
            },
            drained: () => Promise.resolve(),
            end: () => undefined,
          }),
        ),
      );
      for (const on of [true, false, true]) {
        await pushOne(ada, mutation('favourite', { itemId, on }));
      }
      const newest = await cursorNow(server);
      await expect.poll(() => received.every((seqs) => seqs.at(-1) === newest)).toBe(true);
      const first = received[0] ?? [];
      expect(first.length).toBeGreaterThanOrEqual(3);
      expect(new Set(first).size).toBe(first.length);
      for (const seqs of received) expect(seqs).toEqual(first);
    } finally {
      await hub.stop();
    }
  });

  it('drops a stream whose browser reads nothing once it holds more than the bound, not the others', async () => {
    const app = server.secondApp({ streamBufferBytes: 8192 });
    try {
      const itemId = await makeItem(server, { saleKind: 'auctions', endsIn: 3_600_000 });
      const before = await cursorNow(server);
      const idle = await app.request(`${ORIGIN}/api/events?since=${before}`);
      const reading = sseReader(await app.request(`${ORIGIN}/api/events?since=${before}`));
      expect((await reading.next()).event).toBe('hello');
      expect(app.events.size).toBe(2);
      // This browser reads as the batches come, until the last bid's.
      const highest = (async () => {
        for (;;) {
          const event = await reading.next();
          if (event.event !== 'changes') continue;
          const { changes } = JSON.parse(event.data) as LiveBatch;
          const item = changes.findLast((c) => c.topic === 'item' && c.key === String(itemId));
          const price = (item?.data as { highestBidEth?: string } | undefined)?.highestBidEth;
          if (price === '25') return price;
        }
      })();
      for (const price of ['20', '21', '22', '23', '24', '25']) {
        await pushOne(bob, mutation('bid', { itemId, priceEth: price, quantity: 1 }));
      }
      const after = await cursorNow(server);
      expect(await highest).toBe('25');
      // The stream nobody reads is gone long before any stall time (15 s).
      await expect.poll(() => app.events.size, { timeout: 3000 }).toBe(1);
      await expect(sseReader(idle).changesUpTo(after)).rejects.toThrow(/fell behind/);
      await reading.cancel();
    } finally {
      await app.stop();
    }
  });

  it('counts the streams of an IPv6 address by its /64', async () => {
    // Behind one proxy, whose X-Forwarded-For names the client.
    const app = server.secondApp({ trustProxy: 1, streamsPerAddress: 2 });
    const open = (address: string) =>
      app.request(`${ORIGIN}/api/events`, { headers: { 'X-Forwarded-For': address } });
    try {
      const first = await open('2001:db8:5:6::1');
      const second = await open('2001:db8:5:6:ffff:1:2:3');
      expect([first.status, second.status]).toEqual([200, 200]);
      const third = await open('2001:0db8:0005:0006::abcd');
      expect(third.status).toBe(503);
      expect(third.headers.get('retry-after')).toBe('10');
      // Another /64, and an IPv4 address, have their own count.
      const elsewhere = await open('2001:db8:5:7::1');
      const v4 = await open('192.0.2.7');
      expect([elsewhere.status, v4.status]).toEqual([200, 200]);
      for (const response of [first, second, elsewhere, v4]) await response.body?.cancel();
      await expect.poll(() => app.events.size, { timeout: 5000 }).toBe(0);
      // Once they closed, the /64 may open streams again.
      const again = await open('2001:db8:5:6::99');
      expect(again.status).toBe(200);
      await again.body?.cancel();
    } finally {
      await app.stop();
    }
  });
});
