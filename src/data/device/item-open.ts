// Opening an item (its page, a deep link or a shared link): what the device holds, else the
// server's copy (GET /api/snapshot?page=focus:item:<id>: the item and its newest bids), which
// lands in the device store through the one path of the server's word and joins the working
// set (docs/sync.md "Working set"), so it opens offline afterwards.
import { FIRST_SERVER_ITEM_ID } from '@shared/protocol';
import type { OpenedItem } from '../contract/data-access';
import type { DeviceContext } from './context';
import { nowIso } from './clock';
import { getItem } from './items';

export async function openItem(ctx: DeviceContext, id: number): Promise<OpenedItem> {
  const held = await getItem(ctx, id);
  // Below FIRST_SERVER_ITEM_ID only the sample's ids, all held: another is unknown anywhere.
  if (held || id < FIRST_SERVER_ITEM_ID || !ctx.itemPage || ctx.serverOn?.() === false) return held;
  // Asked again once when the log said something newer of it while the answer came (it then
  // does not land: docs/sync.md "Pull").
  for (let ask = 0; ; ask += 1) {
    const page = await ctx.itemPage(id);
    if (page.kind === 'offline') return 'not-saved';
    if (page.kind !== 'ok' || page.records.length === 0) return null;
    // Its records are stamped with the log's newest entry read before them (its cursor).
    const readAt = Math.min(...page.records.map((record) => record.seq));
    await ctx.land(ctx.db, { changes: page.records, readAt, at: nowIso(ctx) });
    const landed = await getItem(ctx, id);
    if (landed || ask === 1) return landed;
  }
}
