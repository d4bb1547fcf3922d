// Which outbid each accepted bid caused, and when each reached its device (scripts/bench-push.mjs).
// On an auction a bid marks the earlier active bid outbid and tells its bidder, never the bidder
// itself (server/migrations/functions/artmint_place_bid.sql): with bids accepted only above the
// highest, the bidder told is that of the item's accepted bid just below in price.

/**
 * The outbids the `bids` (each { id, device, itemId, price, answeredAt, measured }) caused to
 * the benchmark's devices: { device, itemId, price, answeredAt, measured }, per item in price
 * order. A bid above one of another account than the benchmark's devices tells nobody measured.
 */
export function expectedOutbids(bids) {
  const byItem = new Map();
  for (const bid of bids) {
    const list = byItem.get(bid.itemId) ?? [];
    list.push(bid);
    byItem.set(bid.itemId, list);
  }
  const outbids = [];
  for (const list of byItem.values()) {
    list.sort((a, b) => a.price - b.price);
    for (let k = 1; k < list.length; k += 1) {
      const [below, bid] = [list[k - 1], list[k]];
      if (below.device === bid.device) continue;
      outbids.push({ ...bid, device: below.device });
    }
  }
  return outbids;
}

/**
 * `outbids` matched, in price order, with the "outbid" messages each device received for the
 * item (`arrivals[device]`: { at, message } in arrival order). Returns, for the measured ones,
 * the latencies from the outbidding bid's answer (sorted), how many are missing, and how many
 * had no answer time (a bid sent again after the run).
 */
export function matchArrivals(outbids, arrivals) {
  const received = new Map();
  arrivals.forEach((list, device) => {
    for (const { at, message } of list) {
      if (message.kind !== 'outbid') continue;
      const key = `${device} ${message.tag}`;
      received.set(key, [...(received.get(key) ?? []), at]);
    }
  });
  const taken = new Map();
  const latencies = [];
  let missing = 0;
  let untimed = 0;
  for (const outbid of outbids) {
    const key = `${outbid.device} item-${outbid.itemId}`;
    const index = taken.get(key) ?? 0;
    taken.set(key, index + 1);
    const at = received.get(key)?.[index];
    if (!outbid.measured) continue;
    if (at === undefined) missing += 1;
    else if (outbid.answeredAt === undefined) untimed += 1;
    else latencies.push(at - outbid.answeredAt);
  }
  return { latencies: latencies.sort((a, b) => a - b), missing, untimed };
}
