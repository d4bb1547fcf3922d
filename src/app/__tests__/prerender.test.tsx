// The build-time prerender (src/app/prerender.tsx, scripts/prerender.mjs): each screen's first
// render as static HTML, with its document title and the module whose scripts it preloads.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadSampleData, setDataAccessForTests } from '@/data/data-access';
import { prerender, prerenderPaths } from '../prerender';

describe('prerender', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setDataAccessForTests(null);
  });

  it('lists every plain screen and every sample item, creator and blog post, no patterns', () => {
    const paths = prerenderPaths(new Date('2026-11-23T12:00:00Z'));
    expect(paths).toEqual(expect.arrayContaining(['/', '/terms', '/explore-one', '/blogs']));
    expect(paths).toEqual(
      expect.arrayContaining(['/item-detail/1', '/item-detail/12', '/creator-profile/1']),
    );
    expect(paths).toEqual(expect.arrayContaining(['/blog-detail/1', '/blog-detail/12']));
    expect(paths.filter((p) => p.includes(':') || p === '*')).toEqual([]);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('renders a screen with the shell, its heading, title and route module', async () => {
    const page = await prerender('/terms');
    const doc = new DOMParser().parseFromString(page.html, 'text/html');
    expect(doc.querySelector('header')).not.toBeNull();
    expect(doc.querySelector('main h1')?.textContent).toBe('Terms of use');
    expect(page.title).toBe('Terms of use | Artmint');
    expect(page.module).toBe('src/app/routes/terms.tsx');
    // No inline script ends up in the page (the app boots from its module script only).
    expect(doc.querySelector('script')).toBeNull();
    // Complete: the lazily loaded footer and toolbar are in it, no boundary left pending.
    expect(doc.querySelector('footer')).not.toBeNull();
    expect(doc.querySelector('button[aria-label="Display and app options"]')).not.toBeNull();
    expect(page.html).not.toMatch(/<!--\$[?!]-->|<template/);
  });

  it("renders an item page from the route's loader data", async () => {
    const page = await prerender('/item-detail/1');
    const doc = new DOMParser().parseFromString(page.html, 'text/html');
    const item = loadSampleData(new Date()).items.find((i) => i.id === 1);
    expect(doc.querySelector('main h1')?.textContent).toBe(item?.title);
    expect(page.module).toBe('src/app/routes/item-detail.tsx');
  });

  it('renders every sample item page, auctions included, where there is no IndexedDB (the build)', async () => {
    vi.stubGlobal('indexedDB', undefined);
    // A data access of its own, as the build's prerender has: no database opened before.
    setDataAccessForTests(null);
    const items = loadSampleData(new Date()).items;
    expect(items.some((item) => item.saleKind === 'auctions')).toBe(true);
    for (const item of items) {
      const page = await prerender(`/item-detail/${item.id}`);
      const doc = new DOMParser().parseFromString(page.html, 'text/html');
      expect(doc.querySelector('main h1')?.textContent, `item ${item.id}`).toBe(item.title);
    }
  });
});
