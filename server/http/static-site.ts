// Serves the built PWA (dist/): every prerendered page at its own clean URL, hashed assets cached
// for a year, everything else (HTML, sw.js, the manifest) revalidated by ETag, text compressed
// with brotli or gzip (kept in memory once made: the build does not change while it is served).
// Any other app URL gets the app shell, as the service worker answers it offline, so a page
// never arrives as another page's copy: an item, creator or blog id the database knows but the
// build does not (made after the build) and a page's URL with a query string or a trailing
// slash with a 200, an unknown URL with a 404 (the app shows its not-found screen).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { APP_SHELL_FILE } from '../../src/features/pwa/navigate-fallback.ts';

/** Content types by file extension, for every kind of file the build holds. */
export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.webmanifest',
  '.svg',
  '.txt',
  '.xml',
]);
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Pages whose id the database decides: /item-detail/:id, /creator-profile/:id, /blog-detail/:id. */
export type DetailKind = 'item' | 'creator' | 'blog';
const DETAIL_ROUTES: Record<string, DetailKind> = {
  'item-detail': 'item',
  'creator-profile': 'creator',
  'blog-detail': 'blog',
};

interface Entry {
  body: Buffer;
  type: string;
  etag: string;
  cache: string;
  compressible: boolean;
  br?: Buffer;
  gzip?: Buffer;
}

export interface StaticSite {
  /** A response for a GET or HEAD of `pathname`, or null when it is not the site's to answer. */
  respond(request: Request, pathname: string): Promise<Response>;
}

export interface StaticSiteOptions {
  dist: string;
  /** Whether the database knows this id (for detail pages made after the build). */
  knows(kind: DetailKind, id: number): Promise<boolean>;
}

export function createStaticSite({ dist, knows }: StaticSiteOptions): StaticSite {
  if (!existsSync(join(dist, APP_SHELL_FILE))) {
    throw new Error(`No build in ${dist}: run npm run build first`);
  }
  const entries = new Map<string, Entry>();
  const root = normalize(dist + sep);

  /** The file for a relative path inside dist, or null (never outside dist, never a folder). */
  function load(relative: string): Entry | null {
    const cached = entries.get(relative);
    if (cached) return cached;
    const file = normalize(join(dist, relative));
    if (!file.startsWith(root) || relative.split('/').some((part) => part.startsWith('.'))) {
      return null;
    }
    if (!existsSync(file) || !statSync(file).isFile()) return null;
    const body = readFileSync(file);
    const ext = extname(file).toLowerCase();
    const entry: Entry = {
      body,
      type: CONTENT_TYPES[ext] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      cache: relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE,
      compressible: COMPRESSIBLE.has(ext),
    };
    entries.set(relative, entry);
    return entry;
  }

  /** The app shell, there since the check above (a build is not changed while served). */
  function shell(): Entry {
    const entry = load(APP_SHELL_FILE);
    if (!entry) throw new Error(`${APP_SHELL_FILE} is missing from ${dist}`);
    return entry;
  }

  function send(request: Request, entry: Entry, status = 200): Response {
    const headers = new Headers({
      'content-type': entry.type,
      'cache-control': entry.cache,
      etag: entry.etag,
      vary: 'Accept-Encoding',
    });
    if (status === 200 && request.headers.get('if-none-match') === entry.etag) {
      return new Response(null, { status: 304, headers });
    }
    let body = entry.body;
    const accepts = request.headers.get('accept-encoding') ?? '';
    if (entry.compressible && body.length > 1024) {
      if (/\bbr\b/.test(accepts)) {
        entry.br ??= brotliCompressSync(body, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
        });
        body = entry.br;
        headers.set('content-encoding', 'br');
      } else if (/\bgzip\b/.test(accepts)) {
        entry.gzip ??= gzipSync(body, { level: 9 });
        body = entry.gzip;
        headers.set('content-encoding', 'gzip');
      }
    }
    headers.set('content-length', String(body.length));
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      status,
      headers,
    });
  }

  return {
    async respond(request, pathname) {
      const relative = decodePath(pathname);
      if (relative !== null && extname(relative)) {
        const file = load(relative);
        if (file) return send(request, file);
      } else if (relative !== null) {
        // index.html is the home's page: its URL is /, never /index.
        const page = relative === 'index' ? null : load(`${relative || 'index'}.html`);
        const ownUrl = new URL(request.url).search === '' && !/.\/$/.test(pathname);
        const detail = /^([a-z-]+)\/(\d{1,9})$/.exec(relative);
        const kind = detail?.[1] ? DETAIL_ROUTES[detail[1]] : undefined;
        if (page && ownUrl) return send(request, page);
        if (page || (kind && detail?.[2] && (await knows(kind, Number(detail[2]))))) {
          return send(request, shell());
        }
      }
      return send(request, shell(), 404);
    },
  };
}

/** The path relative to the build, without slashes at either end; null when malformed. */
function decodePath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname).replace(/^\/+/, '').replace(/\/+$/, '');
  } catch {
    return null;
  }
}
