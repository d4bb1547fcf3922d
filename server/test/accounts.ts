// The start most server test files share: a test server of the file's own, closed after its
// last test, and collectors signed up on it, each a client that keeps its session.
import { afterAll } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from './harness.ts';

export interface ServerWithAccounts<Names extends readonly string[]> {
  server: TestServer;
  /** One signed-in client per name, in the order given. */
  clients: { [K in keyof Names]: TestClient };
  /** Their accounts' ids, in the same order. */
  ids: { [K in keyof Names]: number };
}

/**
 * Awaited at the top of a test file:
 * `const { server, clients: [ada, bob], ids: [adaId] } = await serverWithAccounts('Ada', 'Bob');`
 */
export async function serverWithAccounts<const Names extends readonly string[]>(
  ...names: Names
): Promise<ServerWithAccounts<Names>> {
  const server = await startTestServer();
  afterAll(() => server.close());
  const clients: TestClient[] = [];
  const ids: number[] = [];
  for (const name of names) {
    const client = server.client();
    ids.push((await client.signUp(name)).id);
    clients.push(client);
  }
  // The arrays hold one entry per name, as the mapped types say.
  return {
    server,
    clients: clients as ServerWithAccounts<Names>['clients'],
    ids: ids as ServerWithAccounts<Names>['ids'],
  };
}
