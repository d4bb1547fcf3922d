// The account writes of scripts/bench-account.mjs and their verdict: favourite and follow
// toggles pushed from one of an account's two devices, judged by what the OTHER device's live
// stream received in its `mine` batches, and by whether any stream received an entry that is not
// in its own account's log.
import { randomUUID } from 'node:crypto';

/**
 * Writes in turn over the accounts (`cookies`), each from the account's devices in turn: its
 * favourites and follows alternately, each a toggle of the next item (`itemIds`) or creator
 * (`creatorIds`) of its own rotation, so that it always changes something (an unchanged state
 * appends no entry: docs/sync.md "Account channel"). `writes` keeps, by mutation id, who made
 * each write, from which device, and what it changed.
 */
export function accountWriter(cookies, itemIds, creatorIds) {
  const writes = new Map();
  const state = new Map();
  const made = new Array(cookies.length).fill(0);
  let turn = 0;
  const make = () => {
    const account = turn % cookies.length;
    turn += 1;
    const n = made[account];
    made[account] += 1;
    const device = Math.floor(n / 2) % 2;
    const follow = n % 2 === 1;
    const keys = follow ? creatorIds : itemIds;
    const key = keys[(account * 7 + Math.floor(n / 2)) % keys.length];
    const topic = follow ? 'follow' : 'favourite';
    const on = !state.get(`${account}:${topic}:${key}`);
    state.set(`${account}:${topic}:${key}`, on);
    const mutation = {
      id: randomUUID(),
      v: 1,
      at: new Date().toISOString(),
      kind: topic,
      args: follow ? { creatorId: key, on } : { itemId: key, on },
    };
    writes.set(mutation.id, { account, device, topic, key: String(key), on });
    return { cookie: cookies[account], mutation };
  };
  return { make, writes };
}

/** Reads account `cookie`'s whole log (GET /api/me/changes): its entries' seqs and its newest. */
export async function accountLog(origin, cookie) {
  const seqs = new Set();
  for (let since = 0; ;) {
    const response = await fetch(`${origin}/api/me/changes?since=${since}`, {
      headers: { cookie },
    });
    if (response.status !== 200) throw new Error(`GET /api/me/changes answered ${response.status}`);
    const page = await response.json();
    if (page.reset) throw new Error('an account log was reset under the benchmark');
    for (const change of page.changes) seqs.add(change.seq);
    since = page.cursor;
    if (!page.more) return { seqs, cursor: page.cursor };
  }
}

/**
 * The verdict on the account channel: `clients` are the signed-in streams, account a's devices
 * at 2a and 2a + 1; `logs[a]` its log as accountLog read it. Each accepted write's k-th toggle
 * of a (topic, key) is the k-th entry of that (topic, key) the other device received. Every
 * write is checked for arriving; the latencies are those of the writes sent at a time `counted`
 * holds (a warm-up is left out by it).
 */
export function judgeAccounts(clients, logs, accepted, sentAt, writes, counted = () => true) {
  const received = clients.map((client) => {
    const byKey = new Map();
    for (const [at, , topic, key, on] of client.mine) {
      const list = byKey.get(`${topic}:${key}`) ?? [];
      list.push({ at, on });
      byKey.set(`${topic}:${key}`, list);
    }
    return byKey;
  });
  const latencies = [];
  let missing = 0;
  let wrong = 0;
  const taken = new Map();
  const ordered = [...accepted].sort((a, b) => sentAt.get(a.id) - sentAt.get(b.id));
  for (const mutation of ordered) {
    const { account, device, topic, key, on } = writes.get(mutation.id);
    const place = `${account}:${topic}:${key}`;
    const k = taken.get(place) ?? 0;
    taken.set(place, k + 1);
    const entry = received[2 * account + 1 - device].get(`${topic}:${key}`)?.[k];
    if (!entry) missing += 1;
    else if (entry.on !== on) wrong += 1;
    else if (counted(sentAt.get(mutation.id))) latencies.push(entry.at - sentAt.get(mutation.id));
  }
  // An entry a stream received that its own account's log does not hold came from another's.
  let leaks = 0;
  clients.forEach((client, i) => {
    const own = logs[Math.floor(i / 2)].seqs;
    for (const [, seq] of client.mine) if (!own.has(seq)) leaks += 1;
  });
  const gaps = clients.reduce((n, client) => n + client.mineGaps, 0);
  return { latencies: Float64Array.from(latencies).sort(), missing, wrong, leaks, gaps };
}
