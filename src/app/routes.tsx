// The route objects of the app: the browser router (router.ts) and the build-time prerender
// (prerender.tsx) share them.
import type { RouteObject } from 'react-router-dom';
import { RootLayout } from './layouts/root-layout';
import { RELOAD_FLAG, RouteError } from './layouts/route-error';
import { RouteLoading } from './layouts/route-loading';
import { loadRoute, notFoundRoute, screenRoutes, type ScreenRoute } from './route-table';

/** A screen route's handle: its entry in the route table. */
export type RouteHandle = ScreenRoute;

function toRouteObject(route: ScreenRoute): RouteObject {
  return {
    path: route.path,
    handle: route,
    lazy: async () => {
      const { Component, loader } = await loadRoute(route);
      // A chunk loaded: a later failed chunk (another deploy) may reload once again.
      try {
        sessionStorage.removeItem(RELOAD_FLAG);
      } catch {
        // Storage unavailable: the flag was never set either.
      }
      return loader ? { Component, loader } : { Component };
    },
  };
}

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: RouteLoading,
    children: [
      {
        errorElement: <RouteError />,
        children: [...screenRoutes, notFoundRoute].map(toRouteObject),
      },
    ],
  },
];
