// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { servesAppShell } from '../navigate-fallback';

describe('navigate fallback denylist', () => {
  it.each([
    '/',
    '/explore-one',
    '/item-detail/3',
    '/creator-profile/12',
    '/blog-detail/7?ref=home',
    '/explore-one?q=bloom&page=2',
    '/explore-one?q=cover.jpg',
    '/no/such/page',
    '/foo.php',
  ])('answers the app URL %s with the app shell', (path) => {
    expect(servesAppShell(path)).toBe(true);
  });

  it.each([
    '/manifest.webmanifest',
    '/sw.js',
    '/theme-boot.js',
    '/images/generated/items/item-1.svg',
    '/images/anything-without-extension',
    '/icons/icon-192.png',
    '/icons/favicon.svg',
    '/assets/index-abc123.js',
    '/assets/urbanist-latin-wght-normal.woff2',
    '/screenshots/wide.png',
    '/robots.txt',
    '/photo.JPG?v=2',
    '/api/changes?since=0',
    '/api/images/0193a8f0-0000-7000-8000-000000000000',
    '/api',
  ])('never answers the file %s with HTML', (path) => {
    expect(servesAppShell(path)).toBe(false);
  });
});
