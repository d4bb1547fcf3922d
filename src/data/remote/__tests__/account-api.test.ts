// The accounts' answers (remote/account-api.ts) read by their schemas in shared/answers.ts: an
// account comes through with only its id, email and name; an answer that is not one counts as
// no answer (offline), never as a signed-in account.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { remoteLogin, remoteSession, resetRemoteAccountStateForTests } from '../account-api';

let body: unknown;
beforeEach(() => {
  resetRemoteAccountStateForTests();
  vi.stubGlobal('fetch', async () => Response.json(body));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the accounts’ answers', () => {
  it('reads an account, its name empty when none is sent, and nobody signed in', async () => {
    body = { account: { id: 100_001, email: 'ada@example.com', role: 'admin' } };
    expect(await remoteLogin('ada@example.com', 'pw')).toEqual({
      kind: 'ok',
      value: { id: 100_001, email: 'ada@example.com', name: '' },
    });
    body = { account: null };
    expect(await remoteSession()).toEqual({ kind: 'ok', value: { account: null } });
  });

  it('takes an answer that is not an account for no answer', async () => {
    body = { account: { id: '100001', email: 'ada@example.com' } };
    expect(await remoteLogin('ada@example.com', 'pw')).toEqual({ kind: 'offline' });
    body = { account: { id: 1.5, email: 'ada@example.com' } };
    expect(await remoteSession()).toEqual({ kind: 'offline' });
  });
});
