// The last build step (npm run build, after scripts/prerender.mjs): generates dist/sw.js from
// the final build, so Workbox lists every prerendered page and the app shell with revisions of
// its own making. Uses vite-plugin-pwa's API with the options in vite.config.ts (precache,
// runtime caches, navigation fallback), as its integrations do after prerendering a site.
import { resolve } from 'node:path';
import { resolveConfig } from 'vite';

const root = resolve(import.meta.dirname, '..');
const outDir = resolve(root, process.env.ARTMINT_DIST ?? 'dist');

const config = await resolveConfig(
  { root, build: { outDir } },
  'build',
  'production',
  'production',
);
const pwa = config.plugins.find((plugin) => plugin.name === 'vite-plugin-pwa')?.api;
if (!pwa || pwa.disabled) throw new Error('vite.config.ts has no enabled vite-plugin-pwa');
await pwa.generateSW();
