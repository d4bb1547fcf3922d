// The route table (spec section 2): every screen is a lazy route module with its document
// title. Default themes come from src/config/route-themes.ts (one rule for the boot script
// and the app). Later issues add their screens here.
import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router-dom';
import { paths } from '@/config/paths';

export interface ScreenModule {
  Component: ComponentType;
  /** Optional data loader: the screen renders once its data is ready (no loading flash). */
  loader?: LoaderFunction;
}

export interface ScreenRoute {
  path: string;
  title: string;
  load: () => Promise<ScreenModule>;
}

export const screenRoutes: ScreenRoute[] = [
  { path: paths.terms, title: 'Terms of use', load: () => import('./routes/terms') },
  { path: paths.privacy, title: 'Privacy policy', load: () => import('./routes/privacy') },
  { path: paths.comingSoon, title: 'Coming soon', load: () => import('./routes/coming-soon') },
  { path: paths.maintenance, title: 'Maintenance', load: () => import('./routes/maintenance') },
  { path: paths.error, title: 'Page not found', load: () => import('./routes/not-found') },
  { path: paths.thankYou, title: 'Thank you', load: () => import('./routes/thank-you') },
  { path: paths.wallet, title: 'Wallet Connect', load: () => import('./routes/wallet') },
];

export const notFoundRoute: ScreenRoute = {
  path: '*',
  title: 'Page not found',
  load: () => import('./routes/not-found'),
};
