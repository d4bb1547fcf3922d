// The app manifest's source (manifest.webmanifest at the top level, read by the build): every
// URL it names is a route of the app, every icon it names ships, and its colours are the dark
// theme's page colour (docs/product.md "Beyond the spec": manifest with icons, shortcuts, colours).
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { screenRoutes } from '@/app/route-table';

// Vitest runs from the project root (happy-dom gives import.meta.url an http: scheme).
const root = (path: string) => resolve(process.cwd(), path);

interface Icon {
  src: string;
  sizes: string;
  purpose?: string;
}
interface Manifest {
  name: string;
  start_url: string;
  theme_color: string;
  background_color: string;
  icons: Icon[];
  screenshots: { src: string; form_factor: string }[];
  shortcuts: { name: string; url: string; icons: Icon[] }[];
}

const manifest = JSON.parse(readFileSync(root('manifest.webmanifest'), 'utf8')) as Manifest;
const isRoute = (url: string) =>
  (
    matchRoutes(
      screenRoutes.map((r) => ({ path: r.path })),
      url,
    ) ?? []
  ).length > 0;

describe('manifest.webmanifest', () => {
  it('opens the app at a route and each shortcut at one of its screens', () => {
    expect(manifest.name).toBe('Artmint');
    expect(isRoute(manifest.start_url)).toBe(true);
    expect(manifest.shortcuts.map((s) => s.name)).toEqual(['Explore', 'Live Auction', 'Upload']);
    for (const shortcut of manifest.shortcuts)
      expect(isRoute(shortcut.url), shortcut.url).toBe(true);
    expect(isRoute('/no-such-screen')).toBe(false);
  });

  it('names only icons and screenshots that ship, a maskable icon among them', () => {
    const files = [
      ...manifest.icons,
      ...manifest.shortcuts.flatMap((s) => s.icons),
      ...manifest.screenshots,
    ].map((f) => f.src);
    for (const src of files) expect(existsSync(root(`public${src}`)), src).toBe(true);
    expect(manifest.icons.some((i) => i.purpose === 'maskable' && i.sizes === '512x512')).toBe(
      true,
    );
  });

  it('takes its colours from the dark theme', () => {
    const tokens = readFileSync(root('src/styles/tokens.css'), 'utf8');
    const darkBg = /--bg:\s*(#[0-9a-f]{6})/i.exec(tokens)?.[1];
    expect(darkBg).toBeDefined();
    expect(manifest.theme_color).toBe(darkBg);
    expect(manifest.background_color).toBe(darkBg);
  });
});
