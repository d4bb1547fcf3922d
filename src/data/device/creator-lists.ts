// The creators list answered by the server when there is one (docs/database.md "Lists and
// search"), and by what this device holds when there is not, saying so (Page.held), as
// item-lists.ts does for items. The server's creators land in the device store through the one
// path of the server's word (sync/apply.ts), stamped with the log's cursor the server read
// before them, and are read back merged with this device's follows. openCreator asks the server
// for one creator the device does not hold (a profile opened from a link, an item's owner).
import { GRID_CREATORS_MAX } from '@/config/constants';
import { FIRST_ACCOUNT_ID } from '@shared/protocol';
import { paginate } from '@shared/query';
import type { Creator, Page } from '@shared/types';
import type { ApiResult, CreatorQuery, ListOptions, OpenedCreator } from '../contract/data-access';
import type { CreatorOrder } from '../remote/catalog-api';
import { serverIdOfOwner } from '../owner';
import type { DeviceContext } from './context';
import { SERVER_PAGE_MAX, SERVER_PAGE_SIZE_MAX, serverPage } from '../core/page-limits';
import { landServerRecords } from './land';
import { writeMetaNumber } from './meta';
import { askListOnce, heldOver, whenServerOn } from './server-asks';
import { getCreator, getLocalCreator, listedCreators, loadMergedCreators } from './creators';

/** syncMeta: how many creators the server listed when it last said. */
const CREATOR_COUNT_KEY = 'creatorCount';

/** The device's order of a list over the creators it holds. */
function ordered(creators: readonly Creator[], order: CreatorOrder): Creator[] {
  if (order === 'list') return [...creators];
  return [...creators].sort((a, b) => b.followers - a.followers || a.id - b.id);
}

/**
 * A page of the creators list in `order`: the server's when it answers (the device's own
 * creator profile, not on the server yet, first on page 1), else the device's over what it
 * holds with what it ran over; `from: 'device'`, the device's without asking (the best
 * creators rank every creator held).
 */
export async function listCreators(
  ctx: DeviceContext,
  query: CreatorQuery = {},
  options: ListOptions = {},
): Promise<Page<Creator>> {
  const order = query.order ?? 'list';
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? GRID_CREATORS_MAX;
  const deep = query.after !== undefined;
  const ask = options.from === 'device' ? undefined : whenServerOn(ctx, ctx.creatorLists);
  const held = async (kind?: ApiResult<unknown>['kind']) => {
    const all = await listedCreators(ctx);
    const answer = paginate(ordered(all, order), page, pageSize, GRID_CREATORS_MAX);
    if (kind === undefined) return answer;
    return { ...answer, held: await heldOver(ctx, kind, all.length, CREATOR_COUNT_KEY) };
  };
  if (!ask || pageSize > SERVER_PAGE_SIZE_MAX || (!deep && page > SERVER_PAGE_MAX)) return held();
  const serverQuery = { order, page, pageSize, ...(deep ? { after: query.after } : {}) };
  const { asked } = await askListOnce(
    ctx,
    `creators ${JSON.stringify(serverQuery)}`,
    () => ask(serverQuery),
    async (answer) => {
      await landServerRecords(ctx, 'creator', answer.creators, answer.cursor);
      await writeMetaNumber(ctx, CREATOR_COUNT_KEY, answer.total);
    },
  );
  if (asked.kind !== 'ok') return held(asked.kind);
  const { creators: records, total, capped, next } = asked.value;
  const merged = await loadMergedCreators(ctx);
  const byId = new Map(merged.map((creator) => [creator.id, creator]));
  const served = records.flatMap((data) => {
    const creator = byId.get((data as { id?: unknown }).id as number);
    return creator && !creator.deleted ? [creator] : [];
  });
  // This device's own creator profile first, while the server has none of its account's.
  const account = serverIdOfOwner(ctx.owner());
  const onServer = account !== null && byId.has(account);
  const local = page === 1 && !deep && !onServer ? await getLocalCreator(ctx) : null;
  const own = local ? (byId.get(local.id) ?? local) : null;
  const items = own ? [own, ...served] : served;
  return serverPage(
    items,
    { counted: total + (own ? 1 : 0), page, pageSize, deep },
    { capped, next },
  );
}

/** Asks the server for the creators a search finds and keeps them (the header search ranks
 * them with the rest); false when it could not answer. */
export async function searchCreatorsOnServer(
  ctx: DeviceContext,
  q: string,
  limit: number,
): Promise<boolean> {
  const ask = whenServerOn(ctx, ctx.creatorLists);
  if (!ask) return false;
  const asked = await ask({ q, pageSize: Math.min(SERVER_PAGE_SIZE_MAX, limit) });
  if (asked.kind !== 'ok') return false;
  await landServerRecords(ctx, 'creator', asked.value.creators, asked.value.cursor);
  return true;
}

/**
 * A creator by id: what the device holds, else the server's copy, which lands in the device
 * store so it opens offline afterwards.
 */
export async function openCreator(ctx: DeviceContext, id: number): Promise<OpenedCreator> {
  const held = await getCreator(ctx, id);
  // Below FIRST_ACCOUNT_ID only the sample's ids, all held: another is unknown anywhere.
  if (held || id < FIRST_ACCOUNT_ID) return held;
  const ask = whenServerOn(ctx, ctx.creator);
  if (!ask) return null;
  const asked = await ask(id);
  if (asked.kind === 'offline') return 'not-saved';
  if (asked.kind !== 'ok') return null;
  await landServerRecords(ctx, 'creator', [asked.value.creator], asked.value.cursor);
  return getCreator(ctx, id);
}
