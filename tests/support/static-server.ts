import { createServer, type Server, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { CONTENT_TYPES } from '../../server/http/static-site.ts';
import { APP_SHELL_FILE } from '../../shared/navigate-fallback.ts';

// A small static server for the offline and update specs: serves a build folder on a free
// 127.0.0.1 port with the fallback the Artmint server has (a path without a file extension
// that is not a file gets the app shell; a missing file is a 404). Unlike the shared preview
// server, a spec can stop it (the network is then truly gone for the page and the service
// worker alike) or switch the folder it serves (a new deploy on the same origin).

export interface StaticServer {
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  /** Paths requested so far (pathname + search), in order. */
  readonly requests: readonly string[];
  /** Serves another folder from now on (same origin): a new deploy. */
  setRoot(root: string): void;
  /** Stops listening and drops open connections; resolves once the port is closed. */
  close(): Promise<void>;
}

async function fileAt(root: string, pathname: string): Promise<string | null> {
  const relative = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '');
  const file = resolve(root, relative);
  if (file !== root && !file.startsWith(root + sep)) return null;
  try {
    const info = await stat(file);
    if (info.isFile()) return file;
    if (info.isDirectory()) {
      const index = join(file, 'index.html');
      if ((await stat(index)).isFile()) return index;
    }
  } catch {
    // not there
  }
  return null;
}

function cacheControl(pathname: string): string {
  // Hashed build assets never change; everything else is checked on every request, as a
  // real host does for index.html and sw.js.
  return pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

async function send(response: ServerResponse, file: string, pathname: string): Promise<void> {
  const body = await readFile(file);
  response.writeHead(200, {
    'Content-Type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': body.length,
    'Cache-Control': cacheControl(pathname),
  });
  response.end(body);
}

/** Starts serving `root` on a free port of 127.0.0.1. */
export async function startStaticServer(root: string): Promise<StaticServer> {
  let currentRoot = resolve(root);
  const requests: string[] = [];

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(url.pathname + url.search);
    void (async () => {
      const file = await fileAt(currentRoot, url.pathname);
      if (file) return send(response, file, url.pathname);
      const shell =
        extname(url.pathname) === '' ? await fileAt(currentRoot, `/${APP_SHELL_FILE}`) : null;
      if (shell) return send(response, shell, `/${APP_SHELL_FILE}`);
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Not found');
    })().catch(() => {
      response.writeHead(500);
      response.end();
    });
  });

  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the server has no port');

  return {
    origin: `http://127.0.0.1:${address.port}`,
    requests,
    setRoot(next) {
      currentRoot = resolve(next);
    },
    close() {
      return new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
    },
  };
}
