// How the device store asks the server for an item it does not hold (device/item-open.ts), and
// what it hears back; sync/item-page.ts asks so through the sync protocol's snapshot.
import type { Change } from '@shared/protocol';

/** The server's page of one item (its record and newest bids), or why there is none. */
export type ItemPageAsk = (
  id: number,
) => Promise<{ kind: 'ok'; records: Change[] } | { kind: 'offline' } | { kind: 'failed' }>;
