// The sync engine's chunks, preloaded by the HTML (docs/sync.md "At boot"): the entry imports
// src/data/sync/boot.ts as it starts and that starts src/data/sync/client.ts after the first
// paint; preloaded, both and every chunk they import arrive with the entry instead of one round
// trip after another once it has run. A prerendered page keeps them with the app's other tags
// (scripts/prerender.mjs), started once its copy has painted, after its screen's own.
import type { IndexHtmlTransformContext, Plugin } from 'vite';

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;
type Chunk = Extract<Bundle[string], { type: 'chunk' }>;

const SYNC_MODULES = ['src/data/sync/boot.ts', 'src/data/sync/client.ts'];

/** The chunks that hold `modules` and every chunk they import, statically, in import order. */
function chunkFiles(bundle: Bundle, modules: string[]): string[] {
  const chunks = Object.values(bundle).filter((out): out is Chunk => out.type === 'chunk');
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    const chunk = chunks.find((one) => one.fileName === file);
    if (!chunk) return;
    chunk.imports.forEach(visit);
    files.add(file);
  };
  for (const module of modules) {
    const chunk = chunks.find((one) => one.moduleIds.some((id) => id.endsWith(`/${module}`)));
    if (!chunk) throw new Error(`sync-preload: no chunk for ${module}`);
    visit(chunk.fileName);
  }
  return [...files];
}

export function syncPreload(): Plugin {
  return {
    name: 'artmint:sync-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const entry = Object.values(bundle).find(
          (out): out is Chunk => out.type === 'chunk' && out.isEntry,
        );
        const inEntry = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        return chunkFiles(bundle, SYNC_MODULES)
          .filter((file) => !inEntry.has(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}`, 'data-sync': true },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
