// The device's one API client (core/api.ts): each way an answer can go, at the network boundary
// (global fetch), and every answer read by its schema in shared/answers.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGet } from '../api';

let online = true;
let reply: () => Response | Promise<Response>;
const asked: string[] = [];

beforeEach(() => {
  online = true;
  asked.length = 0;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal('fetch', async (input: string) => {
    asked.push(input);
    return reply();
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const entry = {
  id: 'a-1',
  type: 'Sale',
  at: '2026-03-01T12:00:00.000Z',
  description: 'Ada bought Dawn',
  image: '/images/dawn.webp',
  itemId: 3,
  tags: [],
};

describe('apiGet', () => {
  it('answers the page its schema reads', async () => {
    reply = () => Response.json({ entries: [entry], next: '20' });
    const result = await apiGet('/api/activity?limit=20', 'activityPage');
    expect(result).toMatchObject({ kind: 'ok', value: { entries: [{ id: 'a-1' }], next: '20' } });
  });

  it('fails an answer its schema refuses, rather than handing it on', async () => {
    reply = () => Response.json({ entries: [{ ...entry, type: 'teleport' }], next: null });
    expect(await apiGet('/api/activity', 'activityPage')).toEqual({
      kind: 'failed',
      error: 'The server sent an answer this app cannot read.',
    });
    reply = () => Response.json({ items: [], cursor: 'x', total: 0, page: 1 });
    expect((await apiGet('/api/items', 'itemList')).kind).toBe('failed');
  });

  it('is offline without a network, asking nothing, and when the request gets no answer', async () => {
    online = false;
    expect(await apiGet('/api/activity', 'activityPage')).toEqual({ kind: 'offline' });
    expect(asked).toEqual([]);
    online = true;
    reply = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await apiGet('/api/activity', 'activityPage')).toEqual({ kind: 'offline' });
  });

  it('says a host that answers an API route with a page has no server', async () => {
    const page = () =>
      new Response('<!doctype html><title>Artmint</title>', {
        headers: { 'content-type': 'text/html' },
      });
    for (const status of [200, 404, 502]) {
      reply = () => new Response(page().body, { status, headers: page().headers });
      expect(await apiGet('/api/activity', 'activityPage')).toEqual({
        kind: 'failed',
        error: 'This site has no server to load them from.',
      });
    }
  });

  it("tells the API's refusal with its words, a lost session, and a server error", async () => {
    reply = () =>
      Response.json({ error: 'There is no item 8.', fields: { id: 'Unknown' } }, { status: 404 });
    expect(await apiGet('/api/items/8/bids', 'bidsPage')).toEqual({
      kind: 'refused',
      status: 404,
      error: 'There is no item 8.',
      fields: { id: 'Unknown' },
    });
    reply = () => Response.json({ error: 'Sign in first.' }, { status: 401 });
    expect(await apiGet('/api/items/8/bids', 'bidsPage')).toEqual({ kind: 'signed-out' });
    reply = () => Response.json({}, { status: 503 });
    expect(await apiGet('/api/items/8/bids', 'bidsPage')).toEqual({
      kind: 'failed',
      error: 'The server answered 503.',
    });
  });
});
