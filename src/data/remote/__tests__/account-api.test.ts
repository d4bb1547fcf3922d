// @vitest-environment node
// The accounts' answers (remote/account-api.ts), through the device's one API client
// (core/api.ts): an account comes through with only its id, email and name; an answer that is
// not one counts as no answer (offline), never as a signed-in account; a refusal keeps its
// words; a host with no API is remembered for the page's life.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  hasNoApi,
  remoteLogin,
  remoteLogout,
  remoteSession,
  resetRemoteAccountStateForTests,
} from '../account-api';

let reply: () => Response;
let calls = 0;
beforeEach(() => {
  calls = 0;
  resetRemoteAccountStateForTests();
  vi.stubGlobal('fetch', async () => {
    calls += 1;
    return reply();
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the accounts’ answers', () => {
  it('reads an account, its name empty when none is sent, and nobody signed in', async () => {
    reply = () =>
      Response.json({ account: { id: 100_001, email: 'ada@example.com', role: 'admin' } });
    expect(await remoteLogin('ada@example.com', 'pw')).toEqual({
      kind: 'ok',
      value: { id: 100_001, email: 'ada@example.com', name: '' },
    });
    reply = () => Response.json({ account: null });
    expect(await remoteSession()).toEqual({ kind: 'ok', value: { account: null } });
  });

  it('takes an answer that is not an account, and a failing server, for no answer', async () => {
    reply = () => Response.json({ account: { id: '100001', email: 'ada@example.com' } });
    expect(await remoteLogin('ada@example.com', 'pw')).toEqual({ kind: 'offline' });
    reply = () => Response.json({ account: { id: 1.5, email: 'ada@example.com' } });
    expect(await remoteSession()).toEqual({ kind: 'offline' });
    reply = () => Response.json({ error: 'Down.' }, { status: 500 });
    expect(await remoteLogin('ada@example.com', 'pw')).toEqual({ kind: 'offline' });
    expect(hasNoApi()).toBe(false);
  });

  it('keeps a refused login’s words and field words (a 401 here is no lost session)', async () => {
    reply = () =>
      Response.json(
        { error: 'Wrong email or password.', fields: { password: 'Try again.' } },
        { status: 401 },
      );
    expect(await remoteLogin('ada@example.com', 'pw')).toEqual({
      kind: 'refused',
      status: 401,
      error: 'Wrong email or password.',
      fields: { password: 'Try again.' },
    });
  });

  it('remembers a host with no API for the page’s life, asking nothing more', async () => {
    reply = () => new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } });
    const noApi = {
      kind: 'failed',
      error: 'This site has no server to load them from.',
      noApi: true,
    };
    expect(await remoteLogin('ada@example.com', 'pw')).toEqual(noApi);
    expect(hasNoApi()).toBe(true);
    reply = () => Response.json({ account: null });
    expect(await remoteSession()).toEqual(noApi);
    expect(await remoteLogout()).toEqual(noApi);
    expect(calls).toBe(1);
  });
});
