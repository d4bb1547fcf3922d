// The social writes decided and written by one database call of their own, a favourite and a
// follow, as a bid is (server/market/bids.ts). Each call is a statement and so its own
// transaction, which holds the row lock that orders its log entries only inside the database,
// never across a round trip to this process while it is busy (docs/database.md "Writes that
// run in the database"). How such a call is made, and what a push takes from its answer.
import type { PushResult } from '../../shared/protocol.ts';
import type { Database, NamedStatement } from '../db/database.ts';
import { WriteLimited, type WriteLimit } from '../http/guards.ts';

/** A call's answer: `retry` when past the write limit, else the push result it stored. */
interface OneCallRow {
  retry: number | null;
  result: PushResult | null;
}

/**
 * Calls `statement`, whose first three parameters are the write limit's key, maximum and window
 * (`limit`; none when null) and the rest `params`. Answers the push result the call stored;
 * throws WriteLimited past the limit (nothing was done), and the claim's error (a unique
 * violation) when the mutation's id is already taken.
 */
export async function callOnce(
  db: Database,
  statement: NamedStatement,
  limit: WriteLimit | null,
  params: unknown[],
): Promise<{ result: PushResult; seq: null }> {
  const { rows } = await db.query<OneCallRow>(statement, [
    limit?.key ?? null,
    limit?.max ?? 0,
    limit?.windowSecs ?? 0,
    ...params,
  ]);
  const row = rows[0];
  if (!row) throw new Error('the write function answered no row');
  if (row.retry !== null) throw new WriteLimited(row.retry);
  if (!row.result) throw new Error('the write function answered no result');
  return { result: row.result, seq: null };
}
