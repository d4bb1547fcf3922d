// The bids of the event bench (scripts/bench-events.mjs): sent open loop, round robin over the
// servers, and the failed ones pushed again with the same id after the run, as a device would.
import { performance } from 'node:perf_hooks';
import { makeSender, ms, percentile } from '../bench-support.mjs';
import { clock } from './streams.mjs';

const OUTBID = '; outbid: a higher bid sent later reached the server first';

/**
 * Bids at `rate` a second for `seconds`, round robin over the servers (`origins`), open loop;
 * prints the figures, as `label` (another kind of push: scripts/bench-account.mjs) with `why`
 * after the refusals. Returns the accepted bids, when each was sent and answered, and the
 * refused ones' codes.
 */
export async function openLoop(origins, makeBid, { rate, seconds, label = 'bids', why = OUTBID }) {
  const senders = origins.map((origin) => makeSender(origin));
  const total = rate * seconds;
  const sentAt = new Map();
  const late = [];
  const answered = [];
  const answeredAt = new Map();
  const inFlight = [];
  const start = performance.now();
  for (let i = 0; i < total; i += 1) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const bid = makeBid();
    late.push(Math.max(0, performance.now() - due));
    const at = clock();
    sentAt.set(bid.mutation.id, at);
    inFlight.push(
      senders[i % senders.length].send(bid).then(() => {
        const now = clock();
        answered.push(now - at);
        answeredAt.set(bid.mutation.id, now);
      }),
    );
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  late.sort((a, b) => a - b);
  answered.sort((a, b) => a - b);
  const failed = [];
  const refusals = new Map();
  for (const sender of senders) {
    const counts = sender.counts();
    if (!counts.failed.startsWith('0')) failed.push(counts.failed);
    for (const [id, code] of sender.refusals) refusals.set(id, code);
  }
  const accepted = senders.flatMap((sender) => sender.accepted);
  console.log(
    `  ${label}: ${total} sent at ${rate}/s in ${elapsed.toFixed(1)} s, ${accepted.length} accepted, ` +
      `${refusals.size} refused (${byCount(refusals.values()) || 'none'}${why}), ` +
      `${failed.length ? failed.join(' + ') : 0} failed`,
  );
  console.log(
    `    push answered p50 ${ms(percentile(answered, 50))}, p99 ${ms(percentile(answered, 99))}; ` +
      `sends behind schedule p99 ${ms(percentile(late, 99))}, max ${ms(late.at(-1) ?? NaN)}`,
  );
  // A request that failed may still have been stored; as a device does, push it again with the
  // same id: the server answers a stored one from its mutations table and applies it only once.
  const retries = senders.map((sender, i) => ({ again: makeSender(origins[i]), sender }));
  // Ten at a time, as a few devices coming back would, not all at once.
  const queue = retries.flatMap(({ again, sender }) =>
    sender.unanswered.map((bid) => ({ again, bid })),
  );
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await next.again.send(next.bid);
    }),
  );
  const retried = retries.reduce((n, { sender }) => n + sender.unanswered.length, 0);
  if (retried > 0) {
    const again = retries.map(({ again: sender }) => sender);
    const stillFailed = again
      .map((sender) => sender.counts().failed)
      .filter((n) => !n.startsWith('0'));
    for (const sender of again) {
      accepted.push(...sender.accepted);
      for (const [id, code] of sender.refusals) refusals.set(id, code);
    }
    console.log(
      `    the ${retried} failed pushes sent again with the same id: ` +
        `${again.reduce((n, sender) => n + sender.accepted.length, 0)} applied, ` +
        `${again.reduce((n, sender) => n + sender.refusals.size, 0)} refused, ` +
        `${stillFailed.length ? stillFailed.join(' + ') : 0} failed again`,
    );
  }
  return { accepted, sentAt, answeredAt, refusals };
}

/** "a x2, b x1" from a list of reasons. */
export function byCount(reasons) {
  const counts = new Map();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts].map(([reason, n]) => `${reason} x${n}`).join(', ');
}
