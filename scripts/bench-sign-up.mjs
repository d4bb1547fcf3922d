// The benchmarks' accounts (scripts/bench-support.mjs re-exports it): signed up through the
// server's own POST /api/auth/signup, as a collector signs up. Each sign-up costs the server a
// scrypt hash (server/auth/passwords.ts: about half a second, two at a time, 32 more waiting at
// most), so many accounts are signed up a few at a time, never all at once.

/** `count` new accounts' session cookies, signed up `concurrency` at a time. */
export async function signUpAccounts(origin, count, concurrency = 1) {
  const cookies = [];
  const stamp = Date.now();
  let next = 0;
  async function signUpNext() {
    for (let i = next++; i < count; i = next++) {
      const response = await fetch(`${origin}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({
          name: `Bench Collector ${i}`,
          email: `bench${i}.${stamp}@example.com`,
          password: 'bench password 1',
          terms: true,
        }),
      });
      if (response.status !== 201) throw new Error(`signup answered ${response.status}`);
      cookies[i] = (response.headers.get('set-cookie') ?? '').split(';')[0];
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, signUpNext));
  return cookies;
}
