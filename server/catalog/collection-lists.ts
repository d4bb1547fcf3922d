// GET /api/collections: the collections list answered by the server (docs/database.md "Lists
// and search"), in their order (the id, the primary key's index), a page by number (up to
// MAX_PAGE), the count capped at COUNT_CAP as the other lists' are.
import { Hono } from 'hono';
import type { Collection } from '../../shared/types.ts';
import type { Database } from '../db/database.ts';
import type { AppEnv } from '../http/app-env.ts';
import { apiError } from '../http/guards.ts';
import { COUNT_CAP, MAX_PAGE, MAX_PAGE_SIZE, whole } from './lists.ts';

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
    const page = whole(c.req.query('page'), 1, MAX_PAGE);
    if (page === null) return apiError(c, 400, `page must be from 1 to ${MAX_PAGE}.`);
    const pageSize = whole(c.req.query('pageSize'), 1, MAX_PAGE_SIZE);
    if (pageSize === null) {
      return apiError(c, 400, `pageSize must be from 1 to ${MAX_PAGE_SIZE}.`);
    }
    c.header('Cache-Control', 'no-store');
    return c.json(await listCollections(db, page ?? 1, pageSize ?? DEFAULT_COLLECTION_PAGE_SIZE));
  });
  return app;
}
