// The built app as the server serves it: clean URLs, the 404 page, detail pages the database
// knows, compression, caching and the security headers. A small build of a few files stands in
// for dist/ here; the end-to-end suite runs on the real build.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { createMailer } from '../mail.ts';
import { openPglite, type Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { seedIfEmpty } from '../catalog/seed.ts';

const BUILD_FILES_SCRIPT = new URL('../../scripts/build-files.mjs', import.meta.url);
const page = (name: string) =>
  `<!doctype html><html><head><title>${name}</title></head><body>${name.repeat(200)}</body></html>`;
const FILES: Record<string, string> = {
  'app-shell.html': page('shell'),
  'index.html': page('home'),
  'terms.html': page('terms'),
  'error.html': page('not-found'),
  'item-detail/1.html': page('item-1'),
  'assets/index-abc123.js': `console.log(${JSON.stringify('x'.repeat(3000))});`,
  'sw.js': 'self.addEventListener("fetch", () => {});',
  'images/art.png': 'PNG',
  '.vite/manifest.json': '{}',
};

let db: Database;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'artmint-dist-'));
  for (const [file, body] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dist, file)), { recursive: true });
    writeFileSync(join(dist, file), body);
  }
  // The build's last step: the list of its files and their compressed copies. Run twice, as
  // over a build one of whose files was changed after it: the second run writes every copy
  // again (it once removed them and listed them still, and each compressed answer was a 500).
  execFileSync(process.execPath, [fileURLToPath(BUILD_FILES_SCRIPT), dist]);
  execFileSync(process.execPath, [fileURLToPath(BUILD_FILES_SCRIPT), dist]);
  db = await openPglite(null);
  await migrate(db);
  await seedIfEmpty(db);
  app = createApp({ db, dist, mailer: createMailer({ dir: dist, log: () => undefined }) });
});
afterAll(() => db.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  app.request(`http://localhost:4173${path}`, { headers });

describe('pages', () => {
  it('serves each prerendered page at its clean URL, revalidated', async () => {
    const response = await get('/terms');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<title>terms</title>');
    expect(await (await get('/')).text()).toContain('<title>home</title>');
    expect(await (await get('/item-detail/1')).text()).toContain('<title>item-1</title>');
  });

  it('answers an unknown URL with 404 and the app shell, which shows the not-found screen', async () => {
    for (const path of [
      '/no-such-page',
      '/assets/missing.js',
      '/item-detail/abc',
      '/%E0%A4%A',
      '/index',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain('<title>shell</title>');
    }
  });

  it("never answers a URL with another URL's page: a query string or a trailing slash gets the app shell", async () => {
    for (const path of ['/terms?ref=mail', '/terms/', '/?utm_source=x', '/item-detail/1/']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain('<title>shell</title>');
    }
  });

  it('answers 200 for an item, creator or blog id the database knows, 404 for others', async () => {
    expect((await get('/item-detail/5')).status).toBe(200);
    expect((await get('/creator-profile/3')).status).toBe(200);
    expect((await get('/blog-detail/2')).status).toBe(200);
    expect((await get('/item-detail/999999')).status).toBe(404);
    await db.query(
      `INSERT INTO items (creator_id, owner_id, sale_kind, price_eth, highest_bid_eth, ends_at, data)
       VALUES (1, 1, 'now', 1, 1, now(), '{}') RETURNING id`,
    );
    const { rows } = await db.query<{ id: number }>('SELECT max(id) AS id FROM items');
    const made = await get(`/item-detail/${rows[0]?.id}`);
    expect(made.status).toBe(200);
    expect(await made.text()).toContain('<title>shell</title>');
  });

  it('never serves a file outside the build or a hidden one', async () => {
    expect((await get('/.vite/manifest.json')).status).toBe(404);
    expect((await get('/../package.json')).status).toBe(404);
    expect((await get('/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
  });
});

describe('files', () => {
  it('caches hashed assets for a year and revalidates the rest', async () => {
    expect((await get('/assets/index-abc123.js')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/sw.js')).headers.get('cache-control')).toBe('no-cache');
    expect((await get('/images/art.png')).headers.get('content-type')).toBe('image/png');
  });

  it('answers a matching ETag with 304', async () => {
    const first = await get('/terms');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    expect((await get('/terms', { 'if-none-match': etag })).status).toBe(304);
  });

  it('compresses text with brotli or gzip, as the browser accepts', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(brotliDecompressSync(brBody).toString()).toBe(FILES['assets/index-abc123.js']);
    const gz = await get('/terms', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(FILES['terms.html']);
    expect((await get('/terms')).headers.get('content-encoding')).toBeNull();
  });
});

describe('headers', () => {
  it('sends a Content-Security-Policy with no inline script, and the usual security headers', async () => {
    const response = await get('/terms');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('answers an unknown API route with JSON 404, not a page', async () => {
    const response = await get('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'There is no such API route.' });
  });
});
