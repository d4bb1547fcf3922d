// Transactions as the domain folders use them. The database driver (server/db/database.ts)
// runs a whole transaction (Database.transaction); here is what a write does inside one.
import type { Sql } from '../db/database.ts';

/**
 * Runs `work` in a savepoint of `tx`. When it throws an error `undo` accepts, its writes and the
 * log entries it recorded are undone and the error is thrown again; any other error is left to
 * abort the whole transaction.
 */
export async function savepoint<T>(
  tx: Sql,
  work: () => Promise<T>,
  undo: (error: unknown) => boolean,
): Promise<T> {
  await tx.query('SAVEPOINT artmint_work');
  try {
    return await work();
  } catch (error) {
    if (undo(error)) await tx.query('ROLLBACK TO SAVEPOINT artmint_work');
    throw error;
  }
}
