// A stand-in for the Artmint server's /api/auth at the network boundary (global fetch), with
// the answers of server/auth/routes.ts (status codes, { error, fields } bodies, the session
// held like its cookie). `mode` switches the network: the server, no network at all (fetch
// rejects, as in a browser offline), or a plain static host (404 HTML for every /api call).
import { vi } from 'vitest';

export type NetworkMode = 'server' | 'offline' | 'static';

interface Account {
  id: number;
  email: string;
  name: string;
  password: string;
}

const WRONG_LOGIN = 'Wrong email or password.';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
const empty = (status = 204) => new Response(null, { status });
const publicAccount = ({ id, email, name }: Account) => ({ id, email, name });

export function fakeAuthServer() {
  const accounts = new Map<string, Account>();
  const resetTokens = new Map<string, string>();
  const calls: string[] = [];
  let session: Account | null = null;
  let nextId = 41;
  const server = {
    mode: 'server' as NetworkMode,
    accounts,
    calls,
    resetTokens,
    get session() {
      return session;
    },
    /** An account made on the server (e.g. from another device). */
    addAccount(email: string, password: string, name = 'Someone') {
      const account = { id: nextId++, email, name, password };
      accounts.set(email, account);
      return account;
    },
    endSession() {
      session = null;
    },
  };

  async function handle(path: string, body: Record<string, string>): Promise<Response> {
    switch (path) {
      case '/api/auth/signup': {
        if (accounts.has(body.email ?? '')) {
          return json(
            {
              error: 'An account with this email already exists.',
              fields: { email: 'An account with this email already exists. Log in instead.' },
            },
            409,
          );
        }
        session = server.addAccount(body.email ?? '', body.password ?? '', body.name);
        return json({ account: publicAccount(session) }, 201);
      }
      case '/api/auth/login': {
        const found = accounts.get((body.email ?? '').toLowerCase());
        if (!found || found.password !== body.password) {
          return json({ error: WRONG_LOGIN, fields: { password: WRONG_LOGIN } }, 401);
        }
        session = found;
        return json({ account: publicAccount(found) });
      }
      case '/api/auth/logout':
        session = null;
        return empty();
      case '/api/auth/session':
        return json({ account: session ? publicAccount(session) : null });
      case '/api/auth/password':
      case '/api/auth/delete': {
        if (!session) return json({ error: 'Sign in first.' }, 401);
        const old = path.endsWith('password') ? body.oldPassword : body.password;
        const field = path.endsWith('password') ? 'oldPassword' : 'password';
        if (old !== session.password) {
          return json({ error: 'Wrong.', fields: { [field]: 'The password is wrong.' } }, 403);
        }
        if (path.endsWith('password')) session.password = body.newPassword ?? '';
        else {
          accounts.delete(session.email);
          session = null;
        }
        return empty();
      }
      case '/api/auth/reset-request': {
        if (accounts.has(body.email ?? '')) resetTokens.set(`token-${nextId}`, body.email ?? '');
        return json({ sent: true }, 202);
      }
      case '/api/auth/reset': {
        const email = resetTokens.get(body.token ?? '');
        const account = email ? accounts.get(email) : undefined;
        if (!account) {
          return json(
            {
              error: 'This reset link has expired or was already used. Ask for a new one.',
              fields: { token: 'This reset link has expired or was already used.' },
            },
            400,
          );
        }
        resetTokens.delete(body.token ?? '');
        account.password = body.password ?? '';
        return empty();
      }
      default:
        return json({ error: 'There is no such API route.' }, 404);
    }
  }

  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : '';
    calls.push(path);
    if (server.mode === 'offline') throw new TypeError('Failed to fetch');
    if (server.mode === 'static') {
      return new Response('<!doctype html><title>Not found</title>', {
        status: 404,
        headers: { 'content-type': 'text/html' },
      });
    }
    const raw = typeof init?.body === 'string' ? init.body : '{}';
    return handle(path, JSON.parse(raw) as Record<string, string>);
  });
  vi.stubGlobal('fetch', fetchStub);
  return server;
}
