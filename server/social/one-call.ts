// The social writes decided and written by one database call of their own, a favourite and a
// follow, as a bid is (server/market/bids.ts). Each call is a statement and so its
// own transaction, which holds the row lock that orders its log entries only inside the
// database, never across a round trip to this process while it is busy (docs/database.md
// "Functions"). What such a call answers, and how a push takes it.
import type { PushResult } from '../../shared/protocol.ts';
import { WriteLimited } from '../http/guards.ts';

/** A call's answer: `retry` when past the write limit, else the push result it stored. */
export interface OneCallRow {
  retry: number | null;
  result: PushResult | null;
}

/** A push's result from a call's answer; throws WriteLimited past the limit (nothing done). */
export function oneCallResult(row: OneCallRow | undefined): {
  result: PushResult;
  seq: null;
} {
  if (!row) throw new Error('the write function answered no row');
  if (row.retry !== null) throw new WriteLimited(row.retry);
  if (!row.result) throw new Error('the write function answered no result');
  return { result: row.result, seq: null };
}
