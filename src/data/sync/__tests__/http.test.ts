// The sync engine's requests (sync/http.ts) read every answer by its schema in
// shared/answers.ts: a well-formed answer comes through, anything else is "absent", never landed.
import { describe, expect, it } from 'vitest';
import { checkSession, fetchMe, pull, push } from '../http';

const answering =
  (body: unknown, init: ResponseInit = {}): typeof fetch =>
  async () =>
    typeof body === 'string'
      ? new Response(body, { headers: { 'content-type': 'text/html' }, ...init })
      : Response.json(body, init);

const change = { seq: 7, topic: 'item', key: '3', data: { id: 3 } };

describe('the sync answers', () => {
  it('hands on a pull, a push and a session the schemas read', async () => {
    expect(await pull(answering({ changes: [change], cursor: 7, more: false }), 0)).toEqual({
      ok: true,
      value: { changes: [change], cursor: 7, more: false },
    });
    const results = [{ id: 'm1', status: 'refused', code: 'outbid', error: 'You were outbid.' }];
    expect(await push(answering({ results, cursor: 9 }), [])).toEqual({
      ok: true,
      value: { results, cursor: 9 },
    });
    expect(await checkSession(answering({ account: null }))).toEqual({
      ok: true,
      value: { account: null },
    });
  });

  it('calls an answer its schema refuses absent', async () => {
    const absent = { ok: false, failure: { kind: 'absent' } };
    expect(
      await pull(answering({ changes: [{ topic: 'item' }], cursor: 7, more: false }), 0),
    ).toEqual(absent);
    expect(
      await push(answering({ results: [{ id: 'm1', status: 'refused' }], cursor: 9 }), []),
    ).toEqual(absent);
    expect(await fetchMe(answering({ favourites: [3, 0] }))).toEqual(absent);
    expect(await checkSession(answering({ account: { id: 'me' } }))).toEqual(absent);
    // A static host's page where the API should be.
    expect(await pull(answering('<!doctype html><title>Artmint</title>'), 0)).toEqual(absent);
  });
});
