// The catalogue's lists asked of the Artmint server (GET /api/items, docs/database.md "Lists and
// search"), so a device need not hold every item to filter, sort, count or search them, through
// the device's one API client (core/api.ts): never throws.
import type { ItemQuery } from '@shared/types';
import type { ApiResult } from '../contract/data-access';
import { apiGet } from '../core/api';

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

export type ItemListAsk = (query: ServerListQuery) => Promise<ApiResult<ServerItemList>>;

/** GET /api/items for `query`. */
export const fetchItemList: ItemListAsk = (query) =>
  apiGet(`/api/items?${listParams(query).toString()}`, 'itemList');

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

export type CreatorListAsk = (query: ServerCreatorQuery) => Promise<ApiResult<ServerCreatorList>>;

/** GET /api/creators for `query`. */
export const fetchCreatorList: CreatorListAsk = (query) =>
  apiGet(`/api/creators?${creatorParams(query).toString()}`, 'creatorList');

/** One creator as the server has it, with the log's sequence read before it. */
export interface ServerCreator {
  creator: unknown;
  cursor: number;
}

export type CreatorAsk = (id: number) => Promise<ApiResult<ServerCreator>>;

/** GET /api/creators/:id: a creator this device does not hold (a profile, an item's owner). */
export const fetchCreator: CreatorAsk = (id) =>
  apiGet(`/api/creators/${id}`, 'creator', { recordRoute: true });

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
) => Promise<ApiResult<ServerCollectionList>>;

/** GET /api/collections for a page. */
export const fetchCollectionList: CollectionListAsk = async (page, pageSize) => {
  const asked = await apiGet(
    `/api/collections?page=${page}&pageSize=${pageSize}`,
    'collectionList',
  );
  return asked.kind === 'ok' ? { kind: 'ok', value: { ...asked.value, page } } : asked;
};
