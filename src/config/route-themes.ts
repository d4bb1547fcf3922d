// Each route's default theme (docs/product.md "Theme"): dark almost everywhere,
// light on the coming-soon page and on the home variants labelled Light. The user's own
// choice, once made, wins everywhere. src/app/theme-boot.ts applies this rule before the first
// paint (the build bundles this module into /theme-boot.js).
import { paths } from './paths.ts'; // with its extension: the build's config imports this file

export type Theme = 'dark' | 'light';
export type Direction = 'ltr' | 'rtl';

/** Home variants labelled Light. */
export const LIGHT_HOME_VARIANTS = ['three', 'six', 'nine'] as const;

/** " Light" for a home variant whose default theme is light (its nav label and title), else "". */
export function lightSuffix(variant: string): string {
  return (LIGHT_HOME_VARIANTS as readonly string[]).includes(variant) ? ' Light' : '';
}

export const LIGHT_ROUTES: readonly string[] = [
  paths.comingSoon,
  ...LIGHT_HOME_VARIANTS.map((v) => paths.homeVariant(v)),
];

export function defaultThemeFor(pathname: string): Theme {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return LIGHT_ROUTES.includes(clean) ? 'light' : 'dark';
}
