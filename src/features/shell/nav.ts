// The top navigation's groups and links (docs/product.md "On every page").
import { HOME_VARIANTS, paths } from '@/config/paths';
import { lightSuffix } from '@/config/route-themes';

export interface NavLinkDef {
  label: string;
  to: string;
}

export interface NavGroup {
  id: string;
  label: string;
  links: NavLinkDef[];
}

const ORDINAL: Record<string, string> = {
  two: 'Two',
  three: 'Three',
  four: 'Four',
  five: 'Five',
  six: 'Six',
  seven: 'Seven',
  eight: 'Eight',
  nine: 'Nine',
  ten: 'Ten',
};

export const navGroups: NavGroup[] = [
  {
    id: 'home',
    label: 'Home',
    links: [
      { label: 'Home One', to: paths.home },
      // The variants whose default theme is light say so ("Home Three Light").
      ...HOME_VARIANTS.map((v) => ({
        label: `Home ${ORDINAL[v] ?? v}${lightSuffix(v)}`,
        to: paths.homeVariant(v),
      })),
    ],
  },
  {
    id: 'explore',
    label: 'Explore',
    links: [
      { label: 'Explore One', to: paths.exploreOne },
      { label: 'Explore Two', to: paths.exploreTwo },
      { label: 'Explore Three', to: paths.exploreThree },
      { label: 'Live Auction', to: paths.auction },
      { label: 'Item Detail', to: paths.itemDetail() },
      { label: 'Activities', to: paths.activity },
      { label: 'Collections', to: paths.collections },
      { label: 'Upload Work', to: paths.uploadWork },
    ],
  },
  {
    id: 'pages',
    label: 'Pages',
    links: [
      { label: 'About Us', to: paths.aboutUs },
      { label: 'Creators', to: paths.creators },
      { label: 'Creator Profile', to: paths.creatorProfile() },
      { label: 'Profile Edit', to: paths.creatorProfileEdit },
      { label: 'Become a Creator', to: paths.becomeCreator },
      { label: 'Blogs', to: paths.blogs },
      { label: 'Blog Detail', to: paths.blogDetail() },
      { label: 'Login', to: paths.login },
      { label: 'Signup', to: paths.signup },
      { label: 'Reset Password', to: paths.resetPassword },
      { label: 'Lock Screen', to: paths.lockScreen },
      { label: 'Coming Soon', to: paths.comingSoon },
      { label: 'Maintenance', to: paths.maintenance },
      { label: '404 Error', to: paths.error },
      { label: 'Thank You', to: paths.thankYou },
      { label: 'Help Center', to: paths.helpOverview },
      { label: 'FAQs', to: paths.helpFaqs },
      { label: 'Guides', to: paths.helpGuides },
      { label: 'Support Request', to: paths.helpSupport },
      { label: 'Terms', to: paths.terms },
      { label: 'Privacy', to: paths.privacy },
    ],
  },
];

export const topLinks: NavLinkDef[] = [
  { label: 'Wallet', to: paths.wallet },
  { label: 'Contact', to: paths.contact },
];

/** True when `pathname` is `to` or (for id routes) below it. */
export function isActivePath(pathname: string, to: string): boolean {
  if (to === paths.home) return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}

export function groupIsActive(group: NavGroup, pathname: string): boolean {
  return group.links.some((l) => isActivePath(pathname, l.to));
}
