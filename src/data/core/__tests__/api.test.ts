// The device's one API client (core/api.ts): each way an answer can go, at the network boundary
// (global fetch), every answer read by its schema in shared/answers.ts, and the one rule of a
// host with no API.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGet, apiRequest } from '../api';

let online = true;
let reply: () => Response | Promise<Response>;
const asked: string[] = [];
const NO_SERVER = {
  kind: 'failed',
  error: 'This site has no server to load them from.',
  noApi: true,
};

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
    // The answer cut short as the network went: offline too, never "no API here".
    const cut = new ReadableStream({
      start: (controller) => controller.error(new TypeError('network error')),
    });
    reply = () => new Response(cut, { headers: { 'content-type': 'application/json' } });
    expect(await apiGet('/api/activity', 'activityPage')).toEqual({ kind: 'offline' });
  });

  it('says a host that answers an API route with a page has no server', async () => {
    const page = () =>
      new Response('<!doctype html><title>Artmint</title>', {
        headers: { 'content-type': 'text/html' },
      });
    for (const status of [200, 400, 404]) {
      reply = () => new Response(page().body, { status, headers: page().headers });
      expect(await apiGet('/api/activity', 'activityPage')).toEqual(NO_SERVER);
    }
    // A proxy's page while the server is down: try later.
    reply = () => new Response(page().body, { status: 502, headers: page().headers });
    expect(await apiGet('/api/activity', 'activityPage')).toEqual({ kind: 'offline' });
  });

  it('says a route that is not there has no API, but a record route’s 404 is a refusal', async () => {
    for (const status of [404, 405, 501]) {
      reply = () => Response.json({ error: 'There is no such API route.' }, { status });
      expect(await apiGet('/api/activity', 'activityPage')).toEqual(NO_SERVER);
    }
    reply = () => Response.json({ error: 'There is no item 8.' }, { status: 404 });
    expect(await apiGet('/api/items/8/bids', 'bidsPage', { recordRoute: true })).toEqual({
      kind: 'refused',
      status: 404,
      error: 'There is no item 8.',
      fields: {},
    });
  });

  it("tells the API's refusal with its words, a lost session, and a server error", async () => {
    reply = () =>
      Response.json({ error: 'Too many words.', fields: { q: 'Shorter.' } }, { status: 400 });
    expect(await apiGet('/api/items?q=x', 'itemList')).toEqual({
      kind: 'refused',
      status: 400,
      error: 'Too many words.',
      fields: { q: 'Shorter.' },
    });
    reply = () => Response.json({ error: 'Sign in first.' }, { status: 401 });
    expect(await apiGet('/api/items/8/bids', 'bidsPage')).toEqual({ kind: 'signed-out' });
    reply = () => Response.json({}, { status: 503, headers: { 'Retry-After': '5' } });
    expect(await apiGet('/api/items/8/bids', 'bidsPage')).toEqual({
      kind: 'offline',
      retryAfterMs: 5000,
    });
    reply = () => Response.json({}, { status: 429 });
    expect(await apiGet('/api/items/8/bids', 'bidsPage')).toEqual({ kind: 'offline' });
  });

  it("keeps a 429's words (why, and when to try again) beside its wait; a 503's are not asked", async () => {
    const words = 'You listed 60 items in the last hour, the most an account may.';
    reply = () =>
      Response.json({ error: words }, { status: 429, headers: { 'Retry-After': '1200' } });
    expect(await apiRequest('POST', '/api/push', { answer: 'push' })).toEqual({
      kind: 'offline',
      retryAfterMs: 1_200_000,
      limit: words,
    });
    reply = () => new Response('<h1>Too many</h1>', { status: 429 });
    expect(await apiRequest('POST', '/api/push', { answer: 'push' })).toEqual({ kind: 'offline' });
    reply = () => Response.json({ error: 'Down.' }, { status: 503 });
    expect(await apiRequest('POST', '/api/push', { answer: 'push' })).toEqual({ kind: 'offline' });
  });
});

describe('apiRequest', () => {
  it('reads a 401 where a password is asked as the refusal, with its words', async () => {
    reply = () =>
      Response.json(
        { error: 'Wrong email or password.', fields: { password: 'No.' } },
        { status: 401 },
      );
    const login = () =>
      apiRequest('POST', '/api/auth/login', {
        answer: 'account',
        asksPassword: true,
        body: { json: { email: 'ada@example.com', password: 'pw' } },
      });
    expect(await login()).toEqual({
      kind: 'refused',
      status: 401,
      error: 'Wrong email or password.',
      fields: { password: 'No.' },
    });
  });

  it('takes a status with no content where only the status counts, and asks the given fetch', async () => {
    const mine: string[] = [];
    const fetcher: typeof fetch = async (input) => {
      mine.push(String(input));
      return new Response(null, { status: 204 });
    };
    expect(await apiRequest('POST', '/api/auth/logout', { answer: null, fetcher })).toEqual({
      kind: 'ok',
      value: null,
    });
    expect(mine).toEqual(['/api/auth/logout']);
    expect(asked).toEqual([]);
  });
});
