// The page colour of each theme is written once, as --bg in tokens.css. What cannot read a CSS
// custom property carries a copy: /theme-boot.js (it runs before the stylesheet applies),
// index.html's theme-color meta and the manifest (src/app/__tests__/manifest.test.ts); the app
// reads the token itself (pageColour). These tests keep every copy equal to the token.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pageColour } from '@/features/shell/use-appearance';
import { bundleThemeBoot } from '../../../scripts/theme-boot-script';

// Vitest runs from the project root; happy-dom gives import.meta.url an http: scheme.
const read = (path: string) => readFileSync(resolve(process.cwd(), path), 'utf8');
const tokens = read('src/styles/tokens.css');

/** The --bg a theme's block of tokens.css declares. */
function tokenBg(theme: 'dark' | 'light'): string {
  const block = new RegExp(`\\[data-theme='${theme}'\\]\\s*\\{([^}]*)\\}`).exec(tokens)?.[1] ?? '';
  const value = /--bg:\s*([^;]+);/.exec(block)?.[1]?.trim();
  if (!value) throw new Error(`tokens.css declares no --bg for the ${theme} theme`);
  return value;
}

function themeColorMeta(): HTMLMetaElement {
  const meta = document.createElement('meta');
  meta.name = 'theme-color';
  document.head.append(meta);
  return meta;
}

afterEach(() => {
  document.head.replaceChildren();
  document.documentElement.removeAttribute('data-theme');
  localStorage.clear();
});

describe('theme colour', () => {
  it('theme-boot sets the theme-color meta to the token of the theme it applies', async () => {
    const boot = await bundleThemeBoot();
    const meta = themeColorMeta();
    for (const [path, theme] of [
      ['/explore-one', 'dark'],
      ['/index-three', 'light'],
    ] as const) {
      window.history.replaceState(null, '', path);
      new Function(boot)();
      expect(document.documentElement.dataset.theme).toBe(theme);
      expect(meta.content).toBe(tokenBg(theme));
    }
  });

  it("index.html starts with the dark theme's colour", () => {
    const html = new DOMParser().parseFromString(read('index.html'), 'text/html');
    const meta = html.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
    expect(meta?.content).toBe(tokenBg('dark'));
  });

  it('the app reads the colour from the tokens in force', () => {
    const style = document.createElement('style');
    style.textContent = tokens;
    document.head.append(style);
    document.documentElement.dataset.theme = 'light';
    expect(pageColour()).toBe(tokenBg('light'));
    document.documentElement.dataset.theme = 'dark';
    expect(pageColour()).toBe(tokenBg('dark'));
  });
});
