// Ids as a path or a query names them, apart from the query schemas (list-query.ts), so the
// page's <head> script (src/data/sync/boot-asks.ts) can read one without carrying valibot.

/** The largest id of an item, a creator or an account (a PostgreSQL integer). */
export const ID_MAX = 2_147_483_647;

/** Whether `raw` names an id: 1 to ID_MAX, written without leading zeros. */
export function isIdText(raw: string): boolean {
  return /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= ID_MAX;
}

/** The id `raw` names, or null when no record can have it (not whole, 0, past ID_MAX). */
export function parseId(raw: string | undefined): number | null {
  return raw !== undefined && isIdText(raw) ? Number(raw) : null;
}
