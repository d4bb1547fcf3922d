// @vitest-environment node
// The sync engine's requests (sync/http.ts) go through the device's one API client (core/api.ts)
// and read every answer by its schema in shared/answers.ts: a well-formed answer comes through;
// anything else fails, never landed; the server out of reach is offline (retried later, after
// the wait its Retry-After asks for); a route that is not there fails as no API.
import { describe, expect, it } from 'vitest';
import { checkHealth, checkSession, fetchMe, pull, pullAccount, push, uploadImage } from '../http';

const answering =
  (body: unknown, init: ResponseInit = {}): typeof fetch =>
  async () =>
    typeof body === 'string'
      ? new Response(body, { headers: { 'content-type': 'text/html' }, ...init })
      : Response.json(body, init);

const change = { seq: 7, topic: 'item', key: '3', data: { id: 3 } };
const UNREADABLE = { kind: 'failed', error: 'The server sent an answer this app cannot read.' };
const NO_API = { kind: 'failed', error: 'This site has no server to load them from.', noApi: true };

describe('the sync answers', () => {
  it('hands on a pull, a push and a session the schemas read', async () => {
    expect(await pull(answering({ changes: [change], cursor: 7, more: false }), 0)).toEqual({
      kind: 'ok',
      value: { changes: [change], cursor: 7, more: false },
    });
    const results = [{ id: 'm1', status: 'refused', code: 'outbid', error: 'You were outbid.' }];
    expect(await push(answering({ results, cursor: 9 }), [])).toEqual({
      kind: 'ok',
      value: { results, cursor: 9 },
    });
    expect(await checkSession(answering({ account: null }))).toEqual({
      kind: 'ok',
      value: { account: null },
    });
  });

  it('fails an answer its schema refuses, and a static host’s page as no API', async () => {
    expect(
      await pull(answering({ changes: [{ topic: 'item' }], cursor: 7, more: false }), 0),
    ).toEqual(UNREADABLE);
    expect(
      await push(answering({ results: [{ id: 'm1', status: 'refused' }], cursor: 9 }), []),
    ).toEqual(UNREADABLE);
    expect(await fetchMe(answering({ favourites: [3, 0] }))).toEqual(UNREADABLE);
    const me = { favourites: [3], follows: [], profile: {}, bids: [], purchases: [] };
    expect(await fetchMe(answering({ ...me, cursor: -1 }))).toEqual(UNREADABLE);
    // The account's log by the contract (shared/account-channel.ts): a topic it does not name,
    // or an entry without its sequence, is not an answer.
    const entry = { seq: 4, topic: 'favourite', key: '3', data: { on: true } };
    expect(
      await pullAccount(
        answering({ changes: [{ ...entry, topic: 'wallet' }], cursor: 4, more: false }),
        0,
      ),
    ).toEqual(UNREADABLE);
    expect(
      await pullAccount(answering({ changes: [{ ...entry, seq: 0 }], cursor: 4, more: false }), 0),
    ).toEqual(UNREADABLE);
    expect(await pullAccount(answering({ changes: [entry], cursor: 4, more: false }), 3)).toEqual({
      kind: 'ok',
      value: { changes: [entry], cursor: 4, more: false },
    });
    expect(await checkSession(answering({ account: { id: 'me' } }))).toEqual(UNREADABLE);
    // A static host's page where the API should be.
    expect(await pull(answering('<!doctype html><title>Artmint</title>'), 0)).toEqual(NO_API);
  });

  it('sends the mutations as JSON and the image as its bytes, with the session cookie', async () => {
    const sent: { url: string; init: RequestInit }[] = [];
    const recording: typeof fetch = async (input, init = {}) => {
      sent.push({ url: String(input), init });
      return Response.json({ results: [], cursor: 1 });
    };
    await push(recording, []);
    await uploadImage(recording, 'a b', new Uint8Array([1, 2]).buffer, 'image/png');
    expect(sent.map(({ url, init }) => [url, init.method, init.credentials, init.cache])).toEqual([
      ['/api/push', 'POST', 'same-origin', 'no-store'],
      ['/api/images/a%20b', 'PUT', 'same-origin', 'no-store'],
    ]);
    expect(sent[0]?.init.body).toBe('{"mutations":[]}');
    expect(new Headers(sent[1]?.init.headers).get('content-type')).toBe('image/png');
  });

  it('is offline with no answer, a busy server (its Retry-After and words kept) or a failing one', async () => {
    const lost: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await checkHealth(lost)).toEqual({ kind: 'offline' });
    const busy = answering(
      { error: 'Slow down.' },
      { status: 429, headers: { 'Retry-After': '30' } },
    );
    expect(await push(busy, [])).toEqual({
      kind: 'offline',
      retryAfterMs: 30_000,
      limit: 'Slow down.',
    });
    expect(await pull(answering('<h1>Bad gateway</h1>', { status: 502 }), 0)).toEqual({
      kind: 'offline',
    });
  });

  it('tells a lost session, a route that is not there, and a request refused as a whole', async () => {
    expect(await push(answering({ error: 'Sign in.' }, { status: 401 }), [])).toEqual({
      kind: 'signed-out',
    });
    // An older server without the route answers the API's own 404: the route is not there.
    for (const status of [404, 405]) {
      expect(
        await pull(answering({ error: 'There is no such API route.' }, { status }), 0),
      ).toEqual(NO_API);
    }
    expect(await push(answering({ error: 'Too large.' }, { status: 413 }), [])).toEqual({
      kind: 'refused',
      status: 413,
      error: 'Too large.',
      fields: {},
    });
  });
});
