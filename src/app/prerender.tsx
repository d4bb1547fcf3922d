// Build-time prerender (scripts/prerender.mjs, ARCHITECTURE.md "Performance"): each screen's
// first render as static HTML, so a first visit paints its content before the app's script
// has loaded. It is still until the app takes over (src/app/main.tsx; theme-boot.ts stops
// input in it, so nothing done in it can be lost). Rendered with the sample data only (no user
// data on the build machine), every page at the one sample epoch, and complete: the static
// renderer waits for every lazily loaded part and deferred value, so no page lacks a section.
import { StrictMode } from 'react';
import { prerender as renderStatic } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { paths } from '@/config/paths';
import { loadSampleData, sampleEpoch } from '@/data/data-access';
import { setHydrationNow } from '@/lib/clock';
import { documentTitle } from '@/features/shell/use-document-title';
import { notFoundRoute, routeModuleFile, screenRoutes } from './route-table';
import { routes, type RouteHandle } from './routes';

// The file every page is built from (scripts/prerender.mjs reads it).
export { APP_SHELL_FILE } from '@/features/pwa/navigate-fallback';

export interface PrerenderedPage {
  /** The markup of the app's root for this path. */
  html: string;
  /** The document title the app sets for it. */
  title: string;
  /** The route module it renders (as the build manifest names it). */
  module: string;
}

/** Every path to prerender: each screen, and each sample item, creator and blog post. */
export function prerenderPaths(now = new Date(sampleEpoch())): string[] {
  const sample = loadSampleData(now);
  const plain = screenRoutes.map((r) => r.path).filter((path) => !path.includes(':'));
  return [
    ...new Set([
      ...plain,
      ...sample.items.map((item) => paths.itemDetail(item.id)),
      ...sample.creators.map((creator) => paths.creatorProfile(creator.id)),
      ...sample.blogPosts.map((post) => paths.blogDetail(post.id)),
    ]),
  ];
}

const handler = createStaticHandler(routes);
// Every page's countdowns and "minutes ago" read the sample's epoch, as the hydrating app does.
setHydrationNow(sampleEpoch());

/** Renders `path` as the app's first render shows it (loaders run; no user data). */
export async function prerender(path: string): Promise<PrerenderedPage> {
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) {
    throw new Error(`Prerender: ${path} answered ${context.status} instead of a page`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await renderStatic(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
    // Every boundary inline, in order: no segments moved into place by inline scripts.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  let title = '';
  for (const match of context.matches) {
    const handle = match.route.handle as RouteHandle | undefined;
    if (handle?.title) title = handle.title;
  }
  const leaf = context.matches.at(-1)?.route.path;
  const screen = screenRoutes.find((r) => r.path === leaf) ?? notFoundRoute;
  return { html, title: documentTitle(title), module: routeModuleFile(screen) };
}
