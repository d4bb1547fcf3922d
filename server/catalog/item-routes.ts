// GET /api/items: the route of the item lists (docs/database.md "Lists and search"): the query
// checked, a list answered at once, a search through the searches' gate (search-gate.ts).
import { Hono } from 'hono';
import type { Database } from '../db/database.ts';
import type { AppEnv } from '../http/app-env.ts';
import { apiError } from '../http/guards.ts';
import { parseListQuery } from './item-query.ts';
import { listItems, searchWords } from './lists.ts';
import { SearchesBusy, searchesBusy, searchGate } from './search-gate.ts';

export function listRoutes(db: Database) {
  const app = new Hono<AppEnv>();
  const searches = searchGate();
  app.get('/', async (c) => {
    const parsed = parseListQuery((name) => c.req.query(name));
    if (!parsed.ok) return apiError(c, 400, parsed.error);
    c.header('Cache-Control', 'no-store');
    const query = parsed.query;
    if (searchWords(query.q).length === 0) return c.json(await listItems(db, query));
    try {
      return c.json(await searches.run(() => listItems(db, query)));
    } catch (error) {
      if (!(error instanceof SearchesBusy)) throw error;
      return searchesBusy(c);
    }
  });
  return app;
}
