// The catalogue's lists asked of the Artmint server (GET /api/items, docs/database.md "Lists and
// search"), so a device need not hold every item to filter, sort, count or search them. Answers
// as history-api.ts does: ok, offline (no network, or no answer) or failed (anything else,
// a static host with no API among them); never throws.
import type { ItemQuery } from '@shared/types';
import { isObject } from '../schemas';
import type { HistoryResult } from '../contract/data-access';
import { getPage } from './history-api';

/** A page of a list as the server answers it. */
export interface ServerItemList {
  items: unknown[];
  /** The change log's newest sequence before the items were read. */
  cursor: number;
  total: number;
  capped: boolean;
  page: number;
  /** The cursor after the last item (none: the last page, or a search ranked by the server). */
  next?: string;
}

/** A list the server answers: explore's filters, or a profile's owned items, or Live Auction's. */
export interface ServerListQuery extends ItemQuery {
  /** Items this account owns. */
  ownerId?: number;
  /** The running auctions, ending soonest first (query.ts runningAuctions). */
  running?: boolean;
  /** The `next` cursor of the page before: this page comes after it, at any depth. */
  after?: string;
}

/** The API's parameters for a device's query (explore's filters, sort and page). */
export function listParams(query: ServerListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q?.trim()) params.set('q', query.q.trim());
  if (query.category) params.set('category', query.category);
  if (query.marketCategory) params.set('market', query.marketCategory);
  if (query.saleKind) params.set('sale', query.saleKind);
  if (query.sort) params.set('sort', query.sort);
  if (query.creatorId !== undefined) params.set('creator', String(query.creatorId));
  if (query.ownerId !== undefined) params.set('owner', String(query.ownerId));
  if (query.running) params.set('running', '1');
  if (query.after !== undefined) params.set('after', query.after);
  else if (query.page !== undefined && query.page > 1) params.set('page', String(query.page));
  if (query.pageSize !== undefined) params.set('pageSize', String(query.pageSize));
  return params;
}

function readList(body: Record<string, unknown>): ServerItemList | null {
  const { items, cursor, total, capped, page, next } = body;
  if (!Array.isArray(items) || !items.every(isObject)) return null;
  if (typeof cursor !== 'number' || typeof total !== 'number' || typeof page !== 'number') {
    return null;
  }
  return {
    items,
    cursor,
    total,
    capped: capped === true,
    page,
    ...(typeof next === 'string' ? { next } : {}),
  };
}

export type ItemListAsk = (query: ServerListQuery) => Promise<HistoryResult<ServerItemList>>;

/** GET /api/items for `query`. */
export const fetchItemList: ItemListAsk = (query) =>
  getPage(`/api/items?${listParams(query).toString()}`, readList);

/** A page of the creators list as the server answers it (GET /api/creators). */
export interface ServerCreatorList {
  creators: unknown[];
  /** The change log's newest sequence before the creators were read. */
  cursor: number;
  total: number;
  capped: boolean;
  page: number;
  /** The cursor after the last creator (none: the last page). */
  next?: string;
}

/** The creators list's orders: the list's (newest accounts first, then the sample's) and the
 * most followed first. */
export type CreatorOrder = 'list' | 'followers';

export interface ServerCreatorQuery {
  order?: CreatorOrder;
  /** A search of names and handles: its best `pageSize` hits, unpaged. */
  q?: string;
  page?: number;
  pageSize?: number;
  /** The `next` cursor of the page before. */
  after?: string;
}

function creatorParams(query: ServerCreatorQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.order && query.order !== 'list') params.set('order', query.order);
  if (query.q) params.set('q', query.q);
  if (query.after !== undefined) params.set('after', query.after);
  else if (query.page !== undefined && query.page > 1) params.set('page', String(query.page));
  if (query.pageSize !== undefined) params.set('pageSize', String(query.pageSize));
  return params;
}

function readCreatorList(body: Record<string, unknown>): ServerCreatorList | null {
  const { creators, cursor, total, capped, page, next } = body;
  if (!Array.isArray(creators) || !creators.every(isObject)) return null;
  if (typeof cursor !== 'number' || typeof total !== 'number' || typeof page !== 'number') {
    return null;
  }
  return {
    creators,
    cursor,
    total,
    capped: capped === true,
    page,
    ...(typeof next === 'string' ? { next } : {}),
  };
}

export type CreatorListAsk = (
  query: ServerCreatorQuery,
) => Promise<HistoryResult<ServerCreatorList>>;

/** GET /api/creators for `query`. */
export const fetchCreatorList: CreatorListAsk = (query) =>
  getPage(`/api/creators?${creatorParams(query).toString()}`, readCreatorList);

/** One creator as the server has it, with the log's sequence read before it. */
export interface ServerCreator {
  creator: unknown;
  cursor: number;
}

export type CreatorAsk = (id: number) => Promise<HistoryResult<ServerCreator>>;

/** GET /api/creators/:id: a creator this device does not hold (a profile, an item's owner). */
export const fetchCreator: CreatorAsk = (id) =>
  getPage(`/api/creators/${id}`, (body) =>
    isObject(body.creator) && typeof body.cursor === 'number'
      ? { creator: body.creator, cursor: body.cursor }
      : null,
  );

/** A page of the collections list as the server answers it (GET /api/collections). */
export interface ServerCollectionList {
  collections: unknown[];
  total: number;
  capped: boolean;
  page: number;
}

export type CollectionListAsk = (
  page: number,
  pageSize: number,
) => Promise<HistoryResult<ServerCollectionList>>;

/** GET /api/collections for a page. */
export const fetchCollectionList: CollectionListAsk = (page, pageSize) =>
  getPage(`/api/collections?page=${page}&pageSize=${pageSize}`, (body) => {
    const { collections, total, capped } = body;
    if (!Array.isArray(collections) || typeof total !== 'number') return null;
    return { collections, total, capped: capped === true, page };
  });
