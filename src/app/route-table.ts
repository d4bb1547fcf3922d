// The route table (docs/product.md "Screens and routes"): every screen is a lazy route module with
// its document title. Default themes come from src/config/route-themes.ts (one rule for the boot
// script and the app). Later issues add their screens here.
import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router-dom';
import { HOME_VARIANTS, paths } from '@/config/paths';
import { lightSuffix } from '@/config/route-themes';

export interface ScreenModule {
  Component: ComponentType;
  /** Optional data loader: the screen renders once its data is ready (no loading flash); what
   * the device does not hold may come as a promise the screen awaits with its loading state
   * (routes/item-detail.tsx). */
  loader?: LoaderFunction;
}

export interface ScreenRoute {
  path: string;
  title: string;
  /** Its module in ./routes (the file name without .tsx). */
  module: string;
}

// One lazy import per route module (routes sharing a module share its chunk). The keys are the
// modules' paths, which the build-time prerender also uses to find each chunk's stylesheets.
const routeModules = import.meta.glob<ScreenModule>('./routes/*.tsx');

/** The module file of a route, as the build manifest names it. */
export function routeModuleFile(route: ScreenRoute): string {
  return `src/app/routes/${route.module}.tsx`;
}

/** Loads a route's module. */
export function loadRoute(route: ScreenRoute): Promise<ScreenModule> {
  const load = routeModules[`./routes/${route.module}.tsx`];
  if (!load) return Promise.reject(new Error(`No route module ./routes/${route.module}.tsx`));
  return load();
}

/** Home one and the nine variants share one lazy module; the URL picks the variant. */
const homeRoutes: ScreenRoute[] = [
  { path: paths.home, title: 'Home', module: 'home' },
  ...HOME_VARIANTS.map((v) => ({
    path: paths.homeVariant(v),
    title: `Home ${v.charAt(0).toUpperCase()}${v.slice(1)}${lightSuffix(v)}`,
    module: 'home',
  })),
];

export const screenRoutes: ScreenRoute[] = [
  ...homeRoutes,
  { path: paths.terms, title: 'Terms of use', module: 'terms' },
  { path: paths.privacy, title: 'Privacy policy', module: 'privacy' },
  { path: paths.comingSoon, title: 'Coming soon', module: 'coming-soon' },
  { path: paths.maintenance, title: 'Maintenance', module: 'maintenance' },
  { path: paths.error, title: 'Page not found', module: 'not-found' },
  { path: paths.thankYou, title: 'Thank you', module: 'thank-you' },
  { path: paths.wallet, title: 'Wallet Connect', module: 'wallet' },
  { path: paths.itemDetail(), title: 'Item detail', module: 'item-detail' },
  { path: paths.itemDetail(':id'), title: 'Item detail', module: 'item-detail' },
  { path: paths.exploreOne, title: 'Explore Items', module: 'explore-one' },
  { path: paths.exploreTwo, title: 'Explore Items', module: 'explore-two' },
  {
    path: paths.exploreThree,
    title: 'Explore Items',
    module: 'explore-three',
  },
  { path: paths.auction, title: 'Live Auction', module: 'auction' },
  { path: paths.activity, title: 'Activities', module: 'activity' },
  {
    path: paths.collections,
    title: 'Best Collections',
    module: 'collections',
  },
  { path: paths.login, title: 'Login', module: 'login' },
  { path: paths.signup, title: 'Sign up', module: 'signup' },
  {
    path: paths.resetPassword,
    title: 'Reset password',
    module: 'reset-password',
  },
  { path: paths.lockScreen, title: 'Lock screen', module: 'lock-screen' },
  { path: paths.uploadWork, title: 'Upload Your Work', module: 'upload-work' },
  {
    path: paths.becomeCreator,
    title: 'Become a creator',
    module: 'become-creator',
  },
  {
    path: paths.creatorProfileEdit,
    title: 'Profile edit and settings',
    module: 'creator-profile-edit',
  },
  { path: paths.blogs, title: 'Blog', module: 'blogs' },
  { path: paths.blogDetail(), title: 'Blog', module: 'blog-detail' },
  { path: paths.blogDetail(':id'), title: 'Blog', module: 'blog-detail' },
  { path: paths.aboutUs, title: 'About Us', module: 'aboutus' },
  { path: paths.contact, title: 'Contact', module: 'contact' },
  {
    path: paths.helpOverview,
    title: 'Help centre',
    module: 'helpcenter-overview',
  },
  { path: paths.helpFaqs, title: 'FAQs', module: 'helpcenter-faqs' },
  { path: paths.helpGuides, title: 'Guides', module: 'helpcenter-guides' },
  {
    path: paths.helpSupport,
    title: 'Support request',
    module: 'helpcenter-support',
  },
  { path: paths.creators, title: 'Creators', module: 'creators' },
  { path: paths.notifications, title: 'Notifications', module: 'notifications' },
  { path: paths.creatorProfile(), title: 'Creator profile', module: 'creator-profile' },
  { path: paths.creatorProfile(':id'), title: 'Creator profile', module: 'creator-profile' },
];

export const notFoundRoute: ScreenRoute = {
  path: '*',
  title: 'Page not found',
  module: 'not-found',
};
