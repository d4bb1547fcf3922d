// After `vite build`: writes each screen's first render (src/app/prerender.tsx) into the app
// shell (dist/terms.html, ...; dist/index.html for the home), so a first visit paints before the
// app's script runs; then vite-plugin-pwa generates dist/sw.js from the final files.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, resolveConfig } from 'vite';

const root = resolve(import.meta.dirname, '..');
const dist = resolve(root, process.env.ARTMINT_DIST ?? 'dist');
const out = resolve(root, '.tmp/prerender');

await build({
  root,
  mode: 'production',
  logLevel: 'error',
  build: { ssr: 'src/app/prerender.tsx', outDir: out, emptyOutDir: true, copyPublicDir: false },
  ssr: { noExternal: true },
});
const { prerender, prerenderPaths, APP_SHELL_FILE } = await import(
  pathToFileURL(join(out, 'prerender.js')).href
);
const template = readFileSync(join(dist, APP_SHELL_FILE), 'utf8');
const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// The scripts a module loads, itself included, from the build manifest.
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
function scripts(key, files = new Set()) {
  const { file, imports = [] } = manifest[key];
  if (files.has(file)) return files;
  files.add(file);
  for (const next of imports) scripts(next, files);
  return files;
}
const entry = scripts(Object.keys(manifest).find((key) => manifest[key].isEntry));

// A page keeps the app's tags (the entry's, then its screen's scripts, which main.tsx needs
// before it takes the copy over) in a template that theme-boot.js starts once the copy has
// painted: on a slow link the HTML, CSS and font have it to themselves.
const APP_TAGS = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;
const BOOT_TAG = '<script src="/theme-boot.js"></script>';
function appTags(module) {
  const own = [...scripts(module)].filter((file) => !entry.has(file));
  const tags = own.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  const app = template.match(APP_TAGS);
  // The sync engine's preloads (scripts/sync-preload.ts) after the screen's own.
  const sync = app.filter((tag) => tag.includes('data-sync'));
  const first = app.filter((tag) => !sync.includes(tag));
  return `<template id="app-start">${[...first, ...tags, ...sync].join('')}</template>`;
}

const pages = prerenderPaths();
for (const path of pages) {
  const { html, title, module } = await prerender(path);
  const page = template
    .replace(APP_TAGS, '')
    .replace(BOOT_TAG, appTags(module) + BOOT_TAG)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root"><div data-prerender="${escapeHtml(path)}">${html}</div></div>`,
    );
  const file = join(dist, path === '/' ? 'index.html' : `${path.slice(1)}.html`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, page);
}
console.log(`prerendered ${pages.length} pages`);

const config = await resolveConfig({ root, build: { outDir: dist } }, 'build', 'production');
await config.plugins.find((plugin) => plugin.name === 'vite-plugin-pwa').api.generateSW();
