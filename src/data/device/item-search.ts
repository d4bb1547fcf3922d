// The header's global search (docs/product.md "Search box", docs/database.md "Lists and search"):
// online, its item hits are the server's (GET /api/items?q=, ranked there: words, prefixes, a
// typo forgiven) and so are its creators (GET /api/creators?q=), both landing in the device
// store; collections and posts stay this device's, which holds them all. The item hits a query got from the server are remembered on
// the device (per account), so the same query shows them again at once, and offline, before
// the server refreshes them.
import { PAGE_SIZE_MAX } from '@shared/list-query';
import { rankMatch, searchKey, type SearchCandidate } from '@shared/query';
import type { SearchHit } from '@shared/types';
import { itemCandidate, otherCandidates, search as searchHeld, SEARCH_LIMIT } from './catalog';
import type { DeviceContext } from './context';
import { listsNow } from './server-asks';
import { landServerItems } from './item-lists';
import { listItemsByIds } from './items';

/** syncMeta, per account: the item hits of the latest queries the server answered. */
export const searchMemoryKey = (owner: string) => `searchHits:${owner}`;
/** Queries remembered, at most (the oldest are forgotten first). */
const REMEMBERED_MAX = 50;
/** The server answers at most this many hits a page (shared/list-query.ts). */
const SERVER_LIMIT_MAX = PAGE_SIZE_MAX;

type Memory = { q: string; ids: number[] }[];

/** The memory as last read or written, per device context and account: read once a session. */
const memories = new WeakMap<DeviceContext, Map<string, Memory>>();

async function readMemory(ctx: DeviceContext): Promise<Memory> {
  const owner = ctx.owner();
  const cached = memories.get(ctx)?.get(owner);
  if (cached) return cached;
  let memory: Memory = [];
  try {
    const value = await (await ctx.db.get()).get('syncMeta', searchMemoryKey(owner));
    if (Array.isArray(value)) memory = value as Memory;
  } catch {
    // None remembered.
  }
  keep(ctx, owner, memory);
  return memory;
}

function keep(ctx: DeviceContext, owner: string, memory: Memory): void {
  const byOwner = memories.get(ctx) ?? new Map<string, Memory>();
  byOwner.set(owner, memory);
  memories.set(ctx, byOwner);
}

/** Forgets what this session read of an account's memory (its records were deleted). */
export function forgetSearchMemory(ctx: DeviceContext, owner: string): void {
  memories.get(ctx)?.delete(owner);
}

async function remember(ctx: DeviceContext, q: string, ids: number[]): Promise<void> {
  const owner = ctx.owner();
  const memory = (await readMemory(ctx)).filter((entry) => entry.q !== q);
  const next = [{ q, ids }, ...memory].slice(0, REMEMBERED_MAX);
  keep(ctx, owner, next);
  await (await ctx.db.get()).put('syncMeta', next, searchMemoryKey(owner)).catch(() => undefined);
}

/**
 * Item hits in the order given (the server's), placed among the other kinds' by how well their
 * title matches (starts with, a word starts with, contains; a hit the server found otherwise, by
 * a typo or its description, after those); ties keep items first, as the device's search does.
 */
function combine(
  items: readonly SearchCandidate[],
  others: readonly SearchCandidate[],
  q: string,
  limit: number,
): SearchHit[] {
  const NO_MATCH = 3;
  const rankOf = ({ hit, texts }: SearchCandidate) => ({
    hit,
    rank: Math.min(NO_MATCH, ...texts.map((text) => rankMatch(text, q) ?? NO_MATCH)),
  });
  return [...items.map(rankOf), ...others.map(rankOf).filter((o) => o.rank < NO_MATCH)]
    .sort((a, b) => a.rank - b.rank)
    .slice(0, Math.max(0, Math.trunc(limit)))
    .map((entry) => entry.hit);
}

/**
 * This device's answer, at once: a query the server answered before shows the item hits it
 * gave (those the device still holds); any other, the device's own search over what it holds.
 */
export async function search(
  ctx: DeviceContext,
  q: string,
  limit = SEARCH_LIMIT,
): Promise<SearchHit[]> {
  const key = searchKey(q);
  if (!key) return [];
  const known = (await readMemory(ctx)).find((entry) => entry.q === key);
  if (!known) return searchHeld(ctx, q, limit);
  const [items, others] = await Promise.all([listItemsByIds(ctx, known.ids), otherCandidates(ctx)]);
  return combine(items.map(itemCandidate), others, q, limit);
}

/**
 * The server's answer for the items, with this device's for the rest; null when there is no
 * server to ask or it could not answer (the device's answer stands).
 */
export async function searchServer(
  ctx: DeviceContext,
  q: string,
  limit = SEARCH_LIMIT,
): Promise<SearchHit[] | null> {
  const key = searchKey(q);
  const lists = listsNow(ctx);
  if (!key || !lists) return key ? null : [];
  const pageSize = Math.max(1, Math.min(SERVER_LIMIT_MAX, Math.trunc(limit)));
  const [asked] = await Promise.all([
    lists({ q: q.trim(), pageSize, page: 1 }),
    // The creators the server finds join those this device holds (their answer lands in the
    // store); without it, the held ones stand.
    import('./creator-lists').then((m) => m.searchCreatorsOnServer(ctx, q.trim(), pageSize)),
  ]);
  if (asked.kind !== 'ok') return null;
  const { served } = await landServerItems(ctx, asked.value.items, asked.value.cursor);
  await remember(
    ctx,
    key,
    served.map((item) => item.id),
  );
  return combine(served.map(itemCandidate), await otherCandidates(ctx), q, limit);
}
