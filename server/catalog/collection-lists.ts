// GET /api/collections: the collections list answered by the server (docs/database.md "Lists
// and search"), in their order (the id, the primary key's index), a page by number (up to
// PAGE_MAX), the count capped at COUNT_CAP as the other lists' are.
import { Hono } from 'hono';
import { COUNT_CAP, CollectionListQuerySchema, parseQuery } from '../../shared/list-query.ts';
import type { Collection } from '../../shared/types.ts';
import type { Database } from '../db/database.ts';
import type { AppEnv } from '../http/app-env.ts';
import { apiError } from '../http/guards.ts';

/** The collection grid's page (docs/product.md "Fixed values": "collection grid 8"). */
export const DEFAULT_COLLECTION_PAGE_SIZE = 8;

export interface CollectionListPage {
  collections: Collection[];
  total: number;
  capped: boolean;
  page: number;
}

export async function listCollections(
  db: Database,
  page: number,
  pageSize: number,
): Promise<CollectionListPage> {
  const { rows } = await db.query<{ data: Collection }>(
    'SELECT data FROM collections ORDER BY id LIMIT $1 OFFSET $2',
    [pageSize, (page - 1) * pageSize],
  );
  const { rows: counted } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM collections LIMIT ${COUNT_CAP + 1}) c`,
  );
  const matching = counted[0]?.n ?? 0;
  return {
    collections: rows.map((row) => row.data),
    total: Math.min(matching, COUNT_CAP),
    capped: matching > COUNT_CAP,
    page,
  };
}

export function collectionRoutes(db: Database) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const parsed = parseQuery(CollectionListQuerySchema, (name) => c.req.query(name));
    if (!parsed.ok) return apiError(c, 400, parsed.error);
    const { page, pageSize } = parsed.query;
    c.header('Cache-Control', 'no-store');
    return c.json(await listCollections(db, page ?? 1, pageSize ?? DEFAULT_COLLECTION_PAGE_SIZE));
  });
  return app;
}
