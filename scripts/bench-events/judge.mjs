// The event bench's verdict (scripts/bench-events.mjs): every stream's receipts against the
// bids the server accepted.

/** Every stream's receipts against the accepted bids and the final highest bids; the latencies
 * of the bids whose send time `counted` holds (all by default: a warm-up is left out by it). */
export function judge(groups, accepted, sentAt, answeredAt, expected, counted = () => true) {
  const acceptedIds = new Set(accepted.map((m) => m.id));
  const latencies = [];
  const afterAnswer = [];
  let missed = 0;
  let clientsMissing = 0;
  let unexpected = 0;
  const unexpectedIds = new Set();
  let gaps = 0;
  let reconnects = 0;
  let staleHighest = 0;
  let lastReceipt = -Infinity;
  const errors = new Map();
  for (const { batches, clients } of groups) {
    for (const client of clients) {
      gaps += client.gaps;
      reconnects += client.reconnects;
      if (client.error) errors.set(client.error, (errors.get(client.error) ?? 0) + 1);
      const held = new Set();
      const highest = new Map();
      client.batch.forEach((index, i) => {
        const batch = batches[index];
        // A bid's record changes again when a later bid outbids it: its first change is the
        // delivery; repeats of a sequence would show as a break in the batches instead.
        for (const id of batch.bids) {
          if (held.has(id)) continue;
          held.add(id);
          const sent = sentAt.get(id);
          if (!acceptedIds.has(id)) {
            unexpected += 1;
            unexpectedIds.add(id);
          } else if (sent !== undefined && counted(sent)) {
            latencies.push(client.at[i] - sent);
            const answer = answeredAt.get(id);
            if (answer !== undefined) afterAnswer.push(client.at[i] - answer);
            if (client.at[i] > lastReceipt) lastReceipt = client.at[i];
          }
        }
        for (const [id, value] of batch.items) highest.set(id, value);
      });
      const missing = accepted.filter((m) => !held.has(m.id)).length;
      missed += missing;
      if (missing > 0) clientsMissing += 1;
      for (const [id, want] of expected) {
        if (want.bids === 0) continue;
        if (!(Math.abs(Number(highest.get(id)) - want.max) <= 1e-9)) staleHighest += 1;
      }
    }
  }
  return {
    latencies: Float64Array.from(latencies).sort(),
    afterAnswer: Float64Array.from(afterAnswer).sort(),
    missed,
    clientsMissing,
    unexpected,
    gaps,
    reconnects,
    staleHighest,
    errors,
    lastReceipt,
    unexpectedIds,
  };
}
