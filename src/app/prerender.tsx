// Each screen's first render as static HTML for scripts/prerender.mjs: the sample data only (no
// user data on the build machine) at the sample epoch the hydrating app's clocks read, complete
// (the static renderer waits for every lazy part and deferred value).
import { StrictMode } from 'react';
import { prerender as renderStatic } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { paths } from '@/config/paths';
import { loadSampleData, sampleEpoch } from '@/data/data-access';
import { setHydrationNow } from '@/lib/clock';
import { documentTitle } from '@/features/shell/use-document-title';
import { routeModuleFile, screenRoutes } from './route-table';
import { routes, type RouteHandle } from './routes';

export { APP_SHELL_FILE } from '@shared/navigate-fallback';

/** Every path to prerender: each screen, and each sample item, creator and blog post. */
export function prerenderPaths(now = new Date(sampleEpoch())): string[] {
  const sample = loadSampleData(now);
  return [
    ...screenRoutes.map((r) => r.path).filter((path) => !path.includes(':')),
    ...sample.items.map((item) => paths.itemDetail(item.id)),
    ...sample.creators.map((creator) => paths.creatorProfile(creator.id)),
    ...sample.blogPosts.map((post) => paths.blogDetail(post.id)),
  ];
}

const handler = createStaticHandler(routes);
setHydrationNow(sampleEpoch());

/** `path`'s markup, document title and route module (as the build manifest names it). */
export async function prerender(path: string) {
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  // A loader that failed would bake the error screen into the page a first visit paints.
  const failed = Object.values(context.errors ?? {})[0];
  if (failed !== undefined) throw new Error(`${path} failed to render`, { cause: failed });
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await renderStatic(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
    // Every boundary inline, in order: no segments moved into place by inline scripts.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const screen = context.matches.at(-1)?.route.handle as RouteHandle;
  return {
    html: await new Response(prelude).text(),
    title: documentTitle(screen.title),
    module: routeModuleFile(screen),
  };
}
