// The classic script in every page's <head> (scripts/theme-boot-script.ts bundles this module
// into /theme-boot.js): before the first paint it applies the theme and direction, so a page never
// flashes the wrong ones, then it starts the app. A prerendered page (scripts/prerender.mjs)
// names the app's script on this tag instead of loading it up front: at its own URL the screen
// paints first from HTML and CSS, which then have the link to themselves, and the app follows.
import type { Direction, Theme } from '@/config/route-themes';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { nextTask } from '@/lib/next-task';

// src/config/route-themes.ts's LIGHT_ROUTES, written in by the build (theme-boot-script.ts).
declare const LIGHT_ROUTES: readonly string[];
// Each theme's --bg in tokens.css, which has not applied yet (theme-colour.test.ts).
const PAGE_COLOUR: Record<Theme, string> = { dark: '#0f172a', light: '#ffffff' };

/** A field a persisted store saved (src/lib/persisted.ts), if it is one of `allowed`. */
function saved<T extends string>(key: string, field: string, allowed: readonly T[]): T | null {
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as { state?: object };
    const value: unknown = stored.state?.[field as keyof object];
    return allowed.find((one) => one === value) ?? null;
  } catch {
    return null;
  }
}

const root = document.documentElement;
const theme =
  saved<Theme>(STORAGE_KEYS.theme, 'choice', ['dark', 'light']) ??
  (LIGHT_ROUTES.includes(location.pathname.replace(/\/+$/, '') || '/') ? 'light' : 'dark');
root.dataset.theme = theme;
root.dir = saved<Direction>(STORAGE_KEYS.direction, 'dir', ['ltr', 'rtl']) ?? 'ltr';
document.querySelector('meta[name="theme-color"]')?.setAttribute('content', PAGE_COLOUR[theme]);

const tag =
  document.currentScript ?? document.querySelector<HTMLScriptElement>('script[data-page]');
const ownPage = tag?.dataset.page === location.pathname && location.search === '';

// Until the app has taken the copy over (main.tsx then drops data-prerender), the copy answers
// nothing: a click, a key other than Tab, typing or a drop in it is stopped here rather than
// acting half-way or being lost. Not the inert attribute: lifting that restyles the whole page.
function still(event: Event) {
  if (!(event.target instanceof Element) || !event.target.closest('[data-prerender]')) return;
  if (event instanceof KeyboardEvent && event.key === 'Tab') return;
  event.preventDefault();
  event.stopImmediatePropagation();
}
const STILL = ['click', 'auxclick', 'dblclick', 'mousedown', 'keydown', 'beforeinput', 'submit'];
for (const type of [...STILL, 'dragstart', 'drop']) document.addEventListener(type, still, true);

const app = tag?.dataset.app;
let started = false;
async function start(src: string) {
  if (started) return;
  started = true;
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = src;
  document.head.append(script);
  // Then the chunks the app and this screen import, a task each: adding a link costs the main
  // thread a little, and all of them at once made one long task just after the first paint.
  for (const href of tag?.dataset.preload?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
    await nextTask();
  }
}
if (app) {
  // In a hidden tab nothing paints; without paint timing there is nothing to wait for.
  const paintTimed = window.PerformanceObserver?.supportedEntryTypes.includes('paint');
  if (ownPage && document.visibilityState === 'visible' && paintTimed) {
    new PerformanceObserver(() => void start(app)).observe({ type: 'paint', buffered: true });
    // Should the paint never be reported, the app does not wait on.
    setTimeout(() => void start(app), 5000);
  } else {
    void start(app);
  }
}
