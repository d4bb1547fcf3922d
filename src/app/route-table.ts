// The route table (spec section 2): every screen is a lazy route module with its document
// title. Default themes come from src/config/route-themes.ts (one rule for the boot script
// and the app). Later issues add their screens here.
import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router-dom';
import { HOME_VARIANTS, paths } from '@/config/paths';

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

/** Home one and the nine variants share one lazy module; the URL picks the variant. */
const homeRoutes: ScreenRoute[] = [
  { path: paths.home, title: 'Home', load: () => import('./routes/home') },
  ...HOME_VARIANTS.map((v) => ({
    path: paths.homeVariant(v),
    title: `Home ${v.charAt(0).toUpperCase()}${v.slice(1)}`,
    load: () => import('./routes/home'),
  })),
];

// Screens with two routes (with and without an id) share one loader, so the entry holds each
// chunk's preload list once.
const loadItemDetail = () => import('./routes/item-detail');
const loadCreatorProfile = () => import('./routes/creator-profile');
const loadBlogDetail = () => import('./routes/blog-detail');

export const screenRoutes: ScreenRoute[] = [
  ...homeRoutes,
  { path: paths.terms, title: 'Terms of use', load: () => import('./routes/terms') },
  { path: paths.privacy, title: 'Privacy policy', load: () => import('./routes/privacy') },
  { path: paths.comingSoon, title: 'Coming soon', load: () => import('./routes/coming-soon') },
  { path: paths.maintenance, title: 'Maintenance', load: () => import('./routes/maintenance') },
  { path: paths.error, title: 'Page not found', load: () => import('./routes/not-found') },
  { path: paths.thankYou, title: 'Thank you', load: () => import('./routes/thank-you') },
  { path: paths.wallet, title: 'Wallet Connect', load: () => import('./routes/wallet') },
  { path: paths.itemDetail(), title: 'Item detail', load: loadItemDetail },
  { path: paths.itemDetail(':id'), title: 'Item detail', load: loadItemDetail },
  { path: paths.exploreOne, title: 'Explore Items', load: () => import('./routes/explore-one') },
  { path: paths.exploreTwo, title: 'Explore Items', load: () => import('./routes/explore-two') },
  {
    path: paths.exploreThree,
    title: 'Explore Items',
    load: () => import('./routes/explore-three'),
  },
  { path: paths.auction, title: 'Live Auction', load: () => import('./routes/auction') },
  { path: paths.activity, title: 'Activities', load: () => import('./routes/activity') },
  {
    path: paths.collections,
    title: 'Best Collections',
    load: () => import('./routes/collections'),
  },
  { path: paths.login, title: 'Login', load: () => import('./routes/login') },
  { path: paths.signup, title: 'Sign up', load: () => import('./routes/signup') },
  {
    path: paths.resetPassword,
    title: 'Reset password',
    load: () => import('./routes/reset-password'),
  },
  { path: paths.lockScreen, title: 'Lock screen', load: () => import('./routes/lock-screen') },
  { path: paths.uploadWork, title: 'Upload Your Work', load: () => import('./routes/upload-work') },
  {
    path: paths.becomeCreator,
    title: 'Become a creator',
    load: () => import('./routes/become-creator'),
  },
  {
    path: paths.creatorProfileEdit,
    title: 'Profile edit and settings',
    load: () => import('./routes/creator-profile-edit'),
  },
  { path: paths.blogs, title: 'Blog', load: () => import('./routes/blogs') },
  { path: paths.blogDetail(), title: 'Blog', load: loadBlogDetail },
  { path: paths.blogDetail(':id'), title: 'Blog', load: loadBlogDetail },
  { path: paths.aboutUs, title: 'About Us', load: () => import('./routes/aboutus') },
  { path: paths.contact, title: 'Contact', load: () => import('./routes/contact') },
  {
    path: paths.helpOverview,
    title: 'Help centre',
    load: () => import('./routes/helpcenter-overview'),
  },
  { path: paths.helpFaqs, title: 'FAQs', load: () => import('./routes/helpcenter-faqs') },
  { path: paths.helpGuides, title: 'Guides', load: () => import('./routes/helpcenter-guides') },
  {
    path: paths.helpSupport,
    title: 'Support request',
    load: () => import('./routes/helpcenter-support'),
  },
  { path: paths.creators, title: 'Creators', load: () => import('./routes/creators') },
  { path: paths.creatorProfile(), title: 'Creator profile', load: loadCreatorProfile },
  { path: paths.creatorProfile(':id'), title: 'Creator profile', load: loadCreatorProfile },
];

export const notFoundRoute: ScreenRoute = {
  path: '*',
  title: 'Page not found',
  load: () => import('./routes/not-found'),
};
