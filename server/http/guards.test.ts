// Rate limits, on their own: the other server suites turn them off so that each request is
// judged on its content.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    limits: { login: { max: 3, windowMs: 60_000 }, writes: { max: 5, windowMs: 60_000 } },
  });
});
afterAll(() => server.close());

describe('rate limits', () => {
  it('stops sign-in attempts past the limit with 429 and Retry-After', async () => {
    const client = server.client();
    const attempt = () =>
      client.post('/api/auth/login', { email: 'nobody@example.com', password: TEST_PASSWORD });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: string }).error).toMatch(
      /Too many sign-in attempts/,
    );
  });

  it('counts writes per account, so one collector cannot use up another one', async () => {
    const limits = { login: { max: 0, windowMs: 60_000 }, writes: { max: 3, windowMs: 60_000 } };
    const own = await startTestServer({ limits });
    try {
      const a = own.client();
      const b = own.client();
      await a.signUp();
      await b.signUp();
      // Any write counts, accepted or not: three refused password changes use up a's minute.
      const write = (client: typeof a) => client.post('/api/auth/password', {});
      for (let i = 0; i < 3; i += 1) expect((await write(a)).status).toBe(400);
      const refused = await write(a);
      expect(refused.status).toBe(429);
      expect((await write(b)).status).toBe(400);
    } finally {
      await own.close();
    }
  });

  it('never limits reads', async () => {
    const client = server.client();
    for (let i = 0; i < 8; i += 1) expect((await client.get('/api/health')).status).toBe(200);
  });
});
