// The server's records of a list or an opened creator, landed in the device store.
import { nowIso } from './clock';
import type { DeviceContext } from './context';

/**
 * Lands the server's records of `topic` in the device store through the one path of the
 * server's word (the context's `land`: sync/apply.ts), stamped with the log's `cursor` read
 * before them: each is at least that current, and one the device does not hold lands only when
 * the log said nothing newer of it since (docs/sync.md "Pull"). The path is loaded with the
 * answer: the app's first code does not carry it (nor the sync protocol).
 */
export async function landServerRecords(
  ctx: DeviceContext,
  topic: 'item' | 'creator',
  records: readonly unknown[],
  cursor: number,
): Promise<void> {
  await ctx.land(ctx.db, {
    changes: records.map((data) => ({
      seq: cursor,
      topic,
      key: String((data as { id?: unknown }).id),
      data,
    })),
    readAt: cursor,
    at: nowIso(ctx),
  });
}
