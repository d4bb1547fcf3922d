// Build step after `vite build` (npm run build): writes each screen's first render into the
// built app shell (dist/terms.html, dist/item-detail/1.html, ...; dist/index.html for the home),
// so a first visit paints content before the app's script runs. The server and the service
// worker answer a URL with its own page, any other with the app shell (dist/app-shell.html,
// which vite.config.ts writes); scripts/service-worker.mjs then lists the final files.
// See src/app/prerender.tsx for what is rendered and how the app takes over.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = resolve(import.meta.dirname, '..');
const dist = resolve(root, process.env.ARTMINT_DIST ?? 'dist');
const out = resolve(root, '.tmp/prerender');
const started = Date.now();

await build({
  root,
  mode: 'production',
  logLevel: 'warn',
  build: {
    ssr: 'src/app/prerender.tsx',
    outDir: out,
    emptyOutDir: true,
    copyPublicDir: false,
    rollupOptions: {
      // Chunking means nothing in this one-file server bundle.
      onLog(level, log, handler) {
        if (log.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') handler(level, log);
      },
    },
  },
  ssr: { noExternal: true },
});

const { prerender, prerenderPaths, APP_SHELL_FILE } = await import(
  pathToFileURL(join(out, 'prerender.js')).href
);

const ROOT_TAG = '<div id="root"></div>';
// The built index.html as Vite wrote it, which this step never changes (so it can run again).
const templatePath = join(dist, APP_SHELL_FILE);
const template = readFileSync(templatePath, 'utf8');
if (!template.includes(ROOT_TAG)) throw new Error(`${templatePath} has no empty ${ROOT_TAG}`);

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The file `vite preview` (and any static host) answers `path` with. */
function fileFor(path) {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`;
}

// The scripts a route module needs, from the build manifest: theme-boot.js preloads them with the
// app's. The styles are one stylesheet for the whole app (vite.config.ts build.cssCodeSplit),
// which the template already links, so the copy paints styled.
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
/** The scripts `key` loads, itself included (the entry's own are in the template). */
function chunkScripts(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  const own = chunk.isEntry ? [] : [chunk.file];
  return [...own, ...(chunk.imports ?? []).flatMap((imported) => chunkScripts(imported, seen))];
}
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const inEntry = new Set(chunkScripts(entryKey));
const stylesheet = manifest['style.css']?.file;
const splitStyles = Object.keys(manifest).filter((key) => manifest[key].css?.length);
if (!stylesheet || splitStyles.length > 0) {
  throw new Error(`Expected one app stylesheet; chunks with their own: ${splitStyles.join(', ')}`);
}

// The Latin subset of the text font, preloaded: found only once the stylesheet is parsed and the
// text laid out, it held the first paint back by about a second (Chromium waits for a font it
// is loading, even with font-display: swap). Every page, the app shell included, preloads it.
const entryCss = readFileSync(join(dist, stylesheet), 'utf8');
const font = /\/assets\/urbanist-latin-wght-normal-[\w-]+\.woff2/.exec(entryCss)?.[0];
if (!font) throw new Error('The entry stylesheet has no Latin Urbanist font');
const fontPreload = `<link rel="preload" as="font" type="font/woff2" crossorigin href="${font}">`;

// The app's own tags in the template: its entry script and the entry's module preloads. A
// prerendered page does not request them up front: theme-boot.js starts the app once the
// screen has painted, so on a slow link the HTML, CSS and font are not sharing it with about
// 110 KB of script the first paint does not need. A page served
// for another URL (or with a query string) starts the app at once: it has nothing to show.
const APP_TAGS =
  /\s*(?:<script type="module" crossorigin src="([^"]+)"><\/script>|<link rel="modulepreload" crossorigin href="([^"]+)">)/g;
const BOOT_TAG = '<script src="/theme-boot.js"></script>';
const appTags = [...template.matchAll(APP_TAGS)];
const entryScript = appTags.find((m) => m[1])?.[1];
const entryPreloads = appTags.filter((m) => m[2]).map((m) => m[2]);
if (!entryScript || !template.includes(BOOT_TAG)) {
  throw new Error(`${templatePath} has no ${BOOT_TAG} or no module entry script`);
}
function modulePreloads(module) {
  if (!manifest[module]) throw new Error(`The build manifest has no ${module}`);
  return [...new Set(chunkScripts(module))].filter((f) => !inEntry.has(f)).map((f) => `/${f}`);
}
// A copy on show also needs the check of whether the device holds the user's records before the
// app may hydrate it (src/app/main.tsx imports it then): fetched with the rest.
const HYDRATION_CHECK = 'src/app/device-is-fresh.ts';
function bootTag(path, module) {
  const preload = [...entryPreloads, ...modulePreloads(HYDRATION_CHECK), ...modulePreloads(module)];
  return `<script src="/theme-boot.js" data-page="${escapeHtml(path)}" data-app="${entryScript}" data-preload="${[...new Set(preload)].join(' ')}"></script>`;
}

let bytes = 0;
const pages = prerenderPaths();
for (const path of pages) {
  const { html, title, module } = await prerender(path);
  const page = template
    .replace(APP_TAGS, '')
    .replace(BOOT_TAG, bootTag(path, module))
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace('</head>', `${fontPreload}</head>`)
    .replace(
      ROOT_TAG,
      `<div id="root"><div data-prerender="${escapeHtml(path)}">${html}</div></div>`,
    );
  const file = join(dist, fileFor(path));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, page);
  bytes += page.length;
}

console.log(
  `prerendered ${pages.length} pages (${(bytes / 1024).toFixed(0)} KB) in ${Date.now() - started} ms`,
);
