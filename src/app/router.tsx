import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './layouts/route-error';
import { RouteLoading } from './layouts/route-loading';
import { notFoundRoute, screenRoutes, type ScreenRoute } from './route-table';

export interface RouteHandle {
  title: string;
}

function toRouteObject(route: ScreenRoute): RouteObject {
  const handle: RouteHandle = { title: route.title };
  return {
    path: route.path,
    handle,
    lazy: async () => {
      const { Component, loader } = await route.load();
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

export const router = createBrowserRouter(routes);
