// Serves the built PWA (dist/): every prerendered page at its own clean URL, hashed assets cached
// for a year, everything else (HTML, sw.js, the manifest) revalidated by ETag, text sent as the
// brotli or gzip copy the build made (scripts/build-files.mjs). Only the files the build listed
// in dist/build-files.json exist for the server: a request's path is normalised first and then
// looked up in that list, so no spelling of a path can read another file or grow what the
// server keeps (at most the build's own bytes), and nothing is compressed on a request's path.
// Any other app URL gets the app shell, as the service worker answers it offline, so a page
// never arrives as another page's copy: an item, creator or blog id the database knows but the
// build does not (made after the build) and a page's URL with a query string or a trailing
// slash with a 200, an unknown URL with a 404 (the app shows its not-found screen).
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { APP_SHELL_FILE } from '../../shared/navigate-fallback.ts';

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
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** The list the build writes (scripts/build-files.mjs). */
export const BUILD_FILES = 'build-files.json';
/** Files larger than this are read from disk for each request rather than kept. */
const KEEP_AT_MOST = 2 * 1024 * 1024;

/** Pages whose id the database decides: /item-detail/:id, /creator-profile/:id, /blog-detail/:id. */
export type DetailKind = 'item' | 'creator' | 'blog';
const DETAIL_ROUTES: Record<string, DetailKind> = {
  'item-detail': 'item',
  'creator-profile': 'creator',
  'blog-detail': 'blog',
};

/** A file of the build as its list describes it: sizes of the compressed copies, if made. */
interface Listed {
  size: number;
  etag: string;
  br?: number;
  gz?: number;
}

type Encoding = 'identity' | 'br' | 'gz';

export interface StaticSite {
  /** A response for a GET or HEAD of `pathname`. */
  respond(request: Request, pathname: string): Promise<Response>;
}

export interface StaticSiteOptions {
  dist: string;
  /** Whether the database knows this id (for detail pages made after the build). */
  knows(kind: DetailKind, id: number): Promise<boolean>;
}

function readList(dist: string): Map<string, Listed> {
  const file = join(dist, BUILD_FILES);
  if (!existsSync(join(dist, APP_SHELL_FILE)) || !existsSync(file)) {
    throw new Error(`No build in ${dist}: run npm run build first`);
  }
  const { files } = JSON.parse(readFileSync(file, 'utf8')) as { files: Record<string, Listed> };
  const list = new Map(Object.entries(files));
  if (!list.has(APP_SHELL_FILE)) throw new Error(`${APP_SHELL_FILE} is not in ${file}`);
  return list;
}

export function createStaticSite({ dist, knows }: StaticSiteOptions): StaticSite {
  const list = readList(dist);
  // Keyed by a listed name and an encoding only, so it holds at most the build's own bytes.
  const kept = new Map<string, Promise<Buffer>>();

  function body(name: string, listed: Listed, encoding: Encoding): Promise<Buffer> {
    const file = join(dist, encoding === 'identity' ? name : `${name}.${encoding}`);
    if (listed.size > KEEP_AT_MOST) return readFile(file);
    const key = `${encoding}:${name}`;
    let read = kept.get(key);
    if (!read) {
      read = readFile(file);
      kept.set(key, read);
      // A file that could not be read (the build changed under the server) is tried again.
      read.catch(() => kept.delete(key));
    }
    return read;
  }

  async function send(request: Request, name: string, status = 200): Promise<Response> {
    const listed = list.get(name);
    if (!listed) throw new Error(`${name} is not a file of the build`);
    const ext = extname(name).toLowerCase();
    const headers = new Headers({
      'content-type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
      'cache-control': name.startsWith('assets/') ? IMMUTABLE : REVALIDATE,
      etag: listed.etag,
      vary: 'Accept-Encoding',
    });
    if (status === 200 && request.headers.get('if-none-match') === listed.etag) {
      return new Response(null, { status: 304, headers });
    }
    const accepts = request.headers.get('accept-encoding') ?? '';
    let encoding: Encoding = 'identity';
    let length = listed.size;
    if (listed.br !== undefined && /\bbr\b/.test(accepts)) {
      encoding = 'br';
      length = listed.br;
      headers.set('content-encoding', 'br');
    } else if (listed.gz !== undefined && /\bgzip\b/.test(accepts)) {
      encoding = 'gz';
      length = listed.gz;
      headers.set('content-encoding', 'gzip');
    }
    headers.set('content-length', String(length));
    if (request.method === 'HEAD') return new Response(null, { status, headers });
    // A view of the kept bytes, never a copy per request.
    const bytes = await body(name, listed, encoding);
    const view = new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
    return new Response(view, { status, headers });
  }

  return {
    async respond(request, pathname) {
      const relative = normalisePath(pathname);
      if (relative !== null && extname(relative)) {
        if (list.has(relative)) return send(request, relative);
      } else if (relative !== null) {
        // index.html is the home's page: its URL is /, never /index.
        const page = relative === 'index' ? undefined : `${relative || 'index'}.html`;
        const isPage = page !== undefined && list.has(page);
        const ownUrl = new URL(request.url).search === '' && !/.\/$/.test(pathname);
        const detail = /^([a-z-]+)\/(\d{1,9})$/.exec(relative);
        const kind = detail?.[1] ? DETAIL_ROUTES[detail[1]] : undefined;
        if (isPage && ownUrl) return send(request, page);
        if (isPage || (kind && detail?.[2] && (await knows(kind, Number(detail[2]))))) {
          return send(request, APP_SHELL_FILE);
        }
      }
      return send(request, APP_SHELL_FILE, 404);
    },
  };
}

/**
 * The path relative to the build: decoded, its empty segments dropped (so `/assets//x.js` is
 * `assets/x.js`), without slashes at either end. Null when malformed or when a segment is `.`,
 * `..` or hidden, or holds a backslash or a NUL: no such path names a file of the build.
 */
export function normalisePath(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.length > 1024 || /[\\\0]/.test(decoded)) return null;
  const parts = decoded.split('/').filter((part) => part !== '');
  if (parts.some((part) => part.startsWith('.'))) return null;
  return parts.join('/');
}
