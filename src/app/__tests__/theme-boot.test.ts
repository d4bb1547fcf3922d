import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultThemeFor, LIGHT_ROUTES } from '@/config/route-themes';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { screenRoutes } from '../route-table';

// Vitest runs from the project root; happy-dom gives import.meta.url an http: scheme.
const bootSource = readFileSync(resolve(process.cwd(), 'public/theme-boot.js'), 'utf8');

/** Runs public/theme-boot.js as the browser would, for a given path. */
function boot(path: string): { theme: string | null; dir: string | null } {
  window.history.replaceState(null, '', path);
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.removeAttribute('dir');
  new Function(bootSource)();
  return {
    theme: document.documentElement.getAttribute('data-theme'),
    dir: document.documentElement.getAttribute('dir'),
  };
}

describe('theme-boot.js (no flash of the wrong theme before first paint)', () => {
  beforeEach(() => {
    localStorage.clear();
    document.body.replaceChildren();
  });

  it('lists the same light routes as src/config/route-themes.ts', () => {
    const match = /LIGHT_ROUTES = (\[[^\]]*\])/.exec(bootSource);
    expect(match).not.toBeNull();
    expect(JSON.parse((match?.[1] ?? '[]').replace(/'/g, '"'))).toEqual([...LIGHT_ROUTES]);
  });

  it('stops clicks, keys but Tab, and typing inside the prerendered copy until the app takes over', () => {
    boot('/terms');
    document.body.innerHTML =
      '<div id="root"><div data-prerender="/terms"><a href="#x">Privacy</a>' +
      '<input aria-label="Email"></div></div><button type="button">Outside</button>';
    const copy = document.querySelector('[data-prerender]') as HTMLElement;
    const link = copy.querySelector('a') as HTMLAnchorElement;
    const input = copy.querySelector('input') as HTMLInputElement;
    const reached: string[] = [];
    document.body.addEventListener('click', () => reached.push('click'));
    const send = (target: Element, event: Event) => {
      target.dispatchEvent(event);
      return event.defaultPrevented;
    };
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

    expect(send(link, click())).toBe(true);
    expect(send(input, key('a'))).toBe(true);
    expect(send(link, key('Enter'))).toBe(true);
    expect(send(input, typing())).toBe(true);
    expect(send(link, key('Tab'))).toBe(false);
    expect(reached).toEqual([]);
    expect(send(document.querySelector('button') as HTMLElement, click())).toBe(false);
    expect(reached).toEqual(['click']);

    // The app took over (src/app/main.tsx removes data-prerender): the page answers again.
    copy.removeAttribute('data-prerender');
    expect(send(link, click())).toBe(false);
    expect(send(input, typing())).toBe(false);
    expect(reached).toEqual(['click', 'click']);
  });

  it('applies each registered route default theme', () => {
    for (const route of [...screenRoutes.map((r) => r.path), '/', '/index-three', '/unknown']) {
      expect(boot(route).theme, route).toBe(defaultThemeFor(route));
    }
    expect(boot('/comingsoon').theme).toBe('light');
    expect(boot('/terms').theme).toBe('dark');
  });

  it('lets the saved choice win over the route default, and applies the direction', () => {
    localStorage.setItem(
      STORAGE_KEYS.theme,
      JSON.stringify({ state: { choice: 'dark' }, version: 1 }),
    );
    localStorage.setItem(
      STORAGE_KEYS.direction,
      JSON.stringify({ state: { dir: 'rtl' }, version: 1 }),
    );
    expect(boot('/comingsoon')).toEqual({ theme: 'dark', dir: 'rtl' });
  });

  it('ignores corrupt saved values', () => {
    localStorage.setItem(STORAGE_KEYS.theme, '{oops');
    localStorage.setItem(STORAGE_KEYS.direction, JSON.stringify({ state: { dir: 'sideways' } }));
    expect(boot('/terms')).toEqual({ theme: 'dark', dir: 'ltr' });
  });
});

describe('theme-boot.js starting the app of a prerendered page (paint first, then the app)', () => {
  let paintCallbacks: (() => void)[] = [];
  class FakePerformanceObserver {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    constructor(private callback: () => void) {}
    observe(options: { type: string }) {
      if (options.type === 'paint') paintCallbacks.push(this.callback);
    }
  }

  // Messages the script posts to itself (its "next task"), delivered when the test says.
  let messages: (() => void)[] = [];
  class FakeMessageChannel {
    port1: { onmessage: (() => void) | null } = { onmessage: null };
    port2 = { postMessage: () => messages.push(() => this.port1.onmessage?.()) };
  }
  const nextTasks = () => {
    while (messages.length > 0) messages.shift()?.();
  };

  /** The tag scripts/prerender.mjs writes for /terms. */
  function bootTag(page = '/terms') {
    const tag = document.createElement('script');
    tag.setAttribute('data-page', page);
    tag.setAttribute('data-app', '/assets/index-abc.js');
    tag.setAttribute('data-preload', '/assets/jsx-runtime-1.js /assets/terms-2.js');
    document.head.append(tag);
    return tag;
  }
  // What the script adds to <head>, kept off the document (happy-dom would try to fetch it).
  let added: Element[] = [];
  const appScripts = () =>
    added.filter((el) => el.matches('script[type="module"]')).map((el) => el.getAttribute('src'));
  const preloads = () =>
    added
      .filter((el) => el.matches('link[rel="modulepreload"]'))
      .map((el) => el.getAttribute('href'));

  beforeEach(() => {
    paintCallbacks = [];
    messages = [];
    added = [];
    const append = document.head.appendChild.bind(document.head);
    vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
      if (!(node instanceof Element) || !node.matches('script[type="module"], link')) {
        return append(node);
      }
      added.push(node);
      return node;
    });
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
    vi.stubGlobal('MessageChannel', FakeMessageChannel);
    document.head.replaceChildren();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.head.replaceChildren();
  });

  it('at its own URL waits for the first paint, then loads the app and its chunks once', () => {
    bootTag('/terms');
    boot('/terms');
    expect(appScripts()).toEqual([]);
    expect(paintCallbacks).toHaveLength(1);
    paintCallbacks[0]?.();
    expect(appScripts()).toEqual(['/assets/index-abc.js']);
    // The chunks follow one per task, so no single task adds them all.
    expect(preloads()).toEqual(['/assets/jsx-runtime-1.js']);
    nextTasks();
    expect(preloads()).toEqual(['/assets/jsx-runtime-1.js', '/assets/terms-2.js']);
    paintCallbacks[0]?.();
    vi.advanceTimersByTime(10_000);
    expect(appScripts()).toHaveLength(1);
  });

  it('does not wait past 5 seconds for a paint that never comes', () => {
    bootTag('/terms');
    boot('/terms');
    vi.advanceTimersByTime(4_999);
    expect(appScripts()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(appScripts()).toEqual(['/assets/index-abc.js']);
  });

  it('starts at once for another URL, a query string or a hidden tab: nothing to paint first', () => {
    bootTag('/');
    boot('/no-such-page');
    expect(appScripts()).toEqual(['/assets/index-abc.js']);
    nextTasks();
    document.head.replaceChildren();
    added = [];
    bootTag('/terms');
    boot('/terms?from=footer');
    expect(appScripts()).toEqual(['/assets/index-abc.js']);
    nextTasks();
    document.head.replaceChildren();
    added = [];
    bootTag('/terms');
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    boot('/terms');
    hidden.mockRestore();
    expect(appScripts()).toEqual(['/assets/index-abc.js']);
    nextTasks();
    expect(preloads()).toEqual(['/assets/jsx-runtime-1.js', '/assets/terms-2.js']);
    expect(paintCallbacks).toHaveLength(0);
  });

  it('starts at once where paint timing is not supported', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    bootTag('/terms');
    boot('/terms');
    expect(appScripts()).toEqual(['/assets/index-abc.js']);
  });

  it('adds nothing on the built index.html, which loads the app itself', () => {
    boot('/terms');
    expect(appScripts()).toEqual([]);
    expect(paintCallbacks).toHaveLength(0);
  });
});
