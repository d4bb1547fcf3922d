import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { defaultThemeFor, type Theme } from '@/config/route-themes';
import { useDirectionStore, useThemeStore } from './appearance-store';

/** The page colour of the theme in force, for the theme-color meta: tokens.css's --bg, read
 * from the page's styles so the value is written only there. Empty when no styles are loaded. */
export function pageColour(): string {
  return getComputedStyle(document.documentElement).getPropertyValue('--bg').trim();
}

/** The theme in force: the user's choice once made, otherwise the route's default. */
export function useEffectiveTheme(): Theme {
  const { pathname } = useLocation();
  const choice = useThemeStore((s) => s.choice);
  return choice ?? defaultThemeFor(pathname);
}

/** Keeps data-theme, dir and the theme-color meta on <html> in step with the stores. */
export function useApplyAppearance(): void {
  const { pathname } = useLocation();
  const rendered = useEffectiveTheme();
  const renderedDir = useDirectionStore((s) => s.dir);
  useLayoutEffect(() => {
    // The stores' current values, not the rendered ones: while React hydrates a prerendered
    // page it renders the stores' defaults (as the copy has them), and <html> must keep the
    // user's theme and direction that theme-boot.js set before the first paint.
    const theme = useThemeStore.getState().choice ?? defaultThemeFor(pathname);
    const dir = useDirectionStore.getState().dir;
    // Written only when they differ: Chromium restyles the whole page on any write of <html>'s
    // dir, even of the same value (15 ms of the hydrating home's main thread, unthrottled).
    const root = document.documentElement;
    if (root.dataset.theme !== theme) root.dataset.theme = theme;
    if (root.getAttribute('dir') !== dir) root.dir = dir;
    const meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
    const colour = meta && pageColour();
    if (colour && meta.content !== colour) meta.content = colour;
  }, [rendered, renderedDir, pathname]);
}
