// /theme-boot.js runs in every page's <head> before the first paint. Each test opens a page as
// the browser would (a URL, maybe the tag a prerendered page writes, then the built script) and
// checks what the user then sees and what the page loads.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultThemeFor } from '@/config/route-themes';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { bundleThemeBoot } from '../../../scripts/theme-boot-script';
import { screenRoutes } from '../route-table';

let script = '';
beforeAll(async () => {
  script = await bundleThemeBoot();
});

/** The app's tags as scripts/prerender.mjs keeps them in a prerendered page's <head>. */
function prerenderedPage() {
  document.head.innerHTML =
    '<template id="app-start"><script type="module" src="/assets/index-abc.js"></script>' +
    '<link rel="modulepreload" href="/assets/jsx-runtime-1.js">' +
    '<link rel="modulepreload" href="/assets/terms-2.js"></template>';
}

function openPage(url: string) {
  window.history.replaceState(null, '', url);
  new Function(script)();
  return {
    theme: document.documentElement.dataset.theme,
    dir: document.documentElement.dir,
  };
}

function save(key: string, state: object) {
  localStorage.setItem(key, JSON.stringify({ state, version: 1 }));
}

beforeEach(() => {
  localStorage.clear();
  document.head.replaceChildren();
  document.body.replaceChildren();
  const root = document.documentElement;
  for (const name of ['data-theme', 'dir']) root.removeAttribute(name);
});

describe('theme and direction before the first paint', () => {
  it('paints light on the coming-soon page and the Light home variants, dark elsewhere', () => {
    for (const path of [
      '/comingsoon',
      '/comingsoon/',
      '/index-three',
      '/index-six',
      '/index-nine',
    ]) {
      expect(openPage(path).theme, path).toBe('light');
    }
    for (const path of ['/', '/index-two', '/terms', '/item-detail/1', '/no-such-page']) {
      expect(openPage(path).theme, path).toBe('dark');
    }
  });

  it("gives every screen of the route table the app's own default theme", () => {
    for (const { path } of screenRoutes) {
      expect(openPage(path).theme, path).toBe(defaultThemeFor(path));
    }
  });

  it('lets the saved choice win over the route, and applies the saved direction', async () => {
    save(STORAGE_KEYS.theme, { choice: 'dark' });
    save(STORAGE_KEYS.direction, { dir: 'rtl' });
    expect(openPage('/comingsoon')).toEqual({ theme: 'dark', dir: 'rtl' });
  });

  it('ignores corrupt saved values', async () => {
    localStorage.setItem(STORAGE_KEYS.theme, '{oops');
    save(STORAGE_KEYS.direction, { dir: 'sideways' });
    expect(openPage('/terms')).toEqual({ theme: 'dark', dir: 'ltr' });
  });
});

describe('a prerendered copy before the app has it', () => {
  function showCopy(path: string) {
    document.body.innerHTML =
      `<div id="root"><div data-prerender="${path}"><a href="#x">Privacy</a>` +
      '<input aria-label="Email"></div></div><button type="button">Outside</button>';
    return document.querySelector<HTMLElement>('[data-prerender]') as HTMLElement;
  }

  it('answers no click, key but Tab, or typing until the app takes over', async () => {
    openPage('/terms');
    const copy = showCopy('/terms');
    const link = copy.querySelector('a') as HTMLAnchorElement;
    const input = copy.querySelector('input') as HTMLInputElement;
    const reached: string[] = [];
    document.body.addEventListener('click', () => reached.push('click'));
    const acts = (target: Element, event: Event) => target.dispatchEvent(event);
    const click = () => new MouseEvent('click', { bubbles: true, cancelable: true });
    const key = (name: string) =>
      new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true });
    const typing = () =>
      new InputEvent('beforeinput', {
        data: 'a',
        inputType: 'insertText',
        bubbles: true,
        cancelable: true,
      });

    expect(acts(link, click())).toBe(false);
    expect(acts(input, key('a'))).toBe(false);
    expect(acts(link, key('Enter'))).toBe(false);
    expect(acts(input, typing())).toBe(false);
    expect(acts(link, key('Tab'))).toBe(true);
    expect(reached).toEqual([]);
    expect(acts(document.querySelector('button') as HTMLElement, click())).toBe(true);
    expect(reached).toEqual(['click']);

    // The app took over (main.tsx drops data-prerender): the page answers again.
    copy.removeAttribute('data-prerender');
    expect(acts(link, click())).toBe(true);
    expect(acts(input, typing())).toBe(true);
    expect(reached).toEqual(['click', 'click']);
  });
});

describe('starting the app of a prerendered page', () => {
  let paints: (() => void)[] = [];
  class FakePerformanceObserver {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    constructor(private callback: () => void) {}
    observe(options: { type: string }) {
      if (options.type === 'paint') paints.push(this.callback);
    }
  }
  const paint = () => paints.forEach((callback) => callback());

  // What the script adds to <head>, kept off the document (happy-dom would fetch it).
  let added: Element[] = [];
  const appScripts = () =>
    added.filter((el) => el.matches('script[type="module"]')).map((el) => el.getAttribute('src'));
  const preloads = () =>
    added
      .filter((el) => el.matches('link[rel="modulepreload"]'))
      .map((el) => el.getAttribute('href'));
  const ALL_PRELOADS = ['/assets/jsx-runtime-1.js', '/assets/terms-2.js'];

  beforeEach(() => {
    paints = [];
    added = [];
    const append = document.head.append.bind(document.head);
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      for (const node of nodes) {
        if (node instanceof Element && node.matches('script[type="module"], link'))
          added.push(node);
        else append(node);
      }
    });
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('at its own URL loads the app after the first paint, then every chunk the page named, once', async () => {
    prerenderedPage();
    openPage('/terms');
    expect(appScripts()).toEqual([]);
    paint();
    expect(appScripts()).toEqual(['/assets/index-abc.js']);
    await vi.waitFor(() => expect(preloads()).toEqual(ALL_PRELOADS));
    paint();
    vi.advanceTimersByTime(10_000);
    expect(appScripts()).toHaveLength(1);
    expect(preloads()).toEqual(ALL_PRELOADS);
  });

  it('does not wait past 5 seconds for a paint that never comes', async () => {
    prerenderedPage();
    openPage('/terms');
    vi.advanceTimersByTime(4_999);
    expect(appScripts()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(appScripts()).toEqual(['/assets/index-abc.js']);
    await vi.waitFor(() => expect(preloads()).toEqual(ALL_PRELOADS));
  });

  it('starts at once in a hidden tab, which paints nothing', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    prerenderedPage();
    openPage('/terms');
    expect(appScripts()).toEqual(['/assets/index-abc.js']);
    await vi.waitFor(() => expect(preloads()).toEqual(ALL_PRELOADS));
    expect(paints).toEqual([]);
  });

  it('adds nothing to a page that loads the app itself (the app shell)', async () => {
    openPage('/terms');
    paint();
    expect(appScripts()).toEqual([]);
  });
});
