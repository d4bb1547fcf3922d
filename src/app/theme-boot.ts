// /theme-boot.js, the classic script in every page's <head> (scripts/theme-boot-script.ts):
// applies the theme and direction before the first paint, then starts a prerendered page's app.
import type { Direction, Theme } from '@/config/route-themes';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { nextTask } from '@/lib/next-task';
import { askAtBoot } from '@/data/sync/boot-asks';

declare const LIGHT_ROUTES: readonly string[]; // route-themes.ts's, written in by the build
// Each theme's --bg in tokens.css, which has not applied yet (theme-colour.test.ts).
const PAGE_COLOUR: Record<Theme, string> = { dark: '#0f172a', light: '#ffffff' };

/** A field a persisted store saved (src/lib/persisted.ts), if it is one of `allowed`. */
function saved<T extends string>(key: string, field: string, allowed: readonly T[]): T | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? '{}').state?.[field];
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

// Until the app has the copy (main.tsx drops data-prerender), a click, a key but Tab, typing or a
// drop in it is stopped, not half done or lost. Not `inert`: lifting it restyles the whole page.
function still(event: Event) {
  if (!(event.target instanceof Element) || !event.target.closest('[data-prerender]')) return;
  if (event instanceof KeyboardEvent && event.key === 'Tab') return;
  event.preventDefault();
  event.stopImmediatePropagation();
}
const STILL = ['click', 'auxclick', 'dblclick', 'mousedown', 'keydown', 'beforeinput', 'submit'];
for (const type of [...STILL, 'dragstart', 'drop']) document.addEventListener(type, still, true);

// The server is asked for what this screen needs now, while the app's code loads (the sync
// engine takes the answers: docs/sync.md "At boot").
askAtBoot({ pathname: location.pathname });

// A prerendered page keeps the app's script and preloads in a template (scripts/prerender.mjs),
// added once the copy has painted, one per task: all at once made one long task.
async function start() {
  const tags = document.querySelector<HTMLTemplateElement>('template#app-start');
  tags?.remove(); // so that a second call adds nothing
  for (const tag of [...(tags?.content.children ?? [])]) {
    document.head.append(document.importNode(tag, true));
    await nextTask();
  }
}
// A hidden tab paints nothing; should the paint never be reported, the app does not wait on.
if (document.visibilityState === 'visible') {
  new PerformanceObserver(() => void start()).observe({ type: 'paint', buffered: true });
  setTimeout(() => void start(), 5000);
} else void start();
