#!/usr/bin/env node
// Makes the web app manifest's images with Chromium (Debian's /usr/bin/chromium, driven by
// playwright-core) against the production build served by the Artmint server:
//   public/screenshots/phone.png   390x844 CSS px at 2x (780x1688), form_factor "narrow"
//   public/screenshots/wide.png    1280x800, form_factor "wide"
//   public/icons/shortcuts/{explore,auction,upload}-96.png   the manifest shortcuts' icons
// The PNGs are committed; the screenshots stay out of the precache (vite.config.ts).
// Run after a build, then build again so dist/ has the new files:
//   npm run build && node scripts/make-screenshots.mjs [--route /] && npm run build
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { commandLine } from './cli.mjs';
import { startServer } from './start-server.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { route = '/' } = commandLine({
  name: 'make-screenshots',
  usage: 'usage: npm run build && node scripts/make-screenshots.mjs [--route /] && npm run build',
  options: { route: { type: 'string' } },
  read: ({ values }) => values,
});

const SHOTS = [
  { file: 'public/screenshots/phone.png', width: 390, height: 844, scale: 2 },
  { file: 'public/screenshots/wide.png', width: 1280, height: 800, scale: 1 },
];

// 24x24 line glyphs (the app's icon style) on the accent colour, for the shortcut icons.
const GLYPHS = {
  explore:
    '<circle cx="12" cy="12" r="9"/><path d="m15.5 8.5-2 5-5 2 2-5 5-2Z" fill="#fff" stroke="none"/>',
  auction: '<circle cx="12" cy="13" r="8"/><path d="M12 9v4l2.5 2.5M9 2h6"/>',
  upload: '<path d="M12 16V4M7 9l5-5 5 5"/><path d="M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3"/>',
};

function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer()
      .once('error', fail)
      .listen(0, '127.0.0.1', () => {
        const { port } = probe.address();
        probe.close(() => done(port));
      });
  });
}

function shortcutIconHtml(glyph) {
  return `<!doctype html><html><body style="margin:0;background:transparent">
<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
  <rect width="96" height="96" rx="22" fill="#7c3aed"/>
  <g transform="translate(24 24) scale(2)" fill="none" stroke="#fff" stroke-width="2"
     stroke-linecap="round" stroke-linejoin="round">${glyph}</g>
</svg></body></html>`;
}

async function main() {
  if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
    console.error('make-screenshots: dist/ is missing; run `npm run build` first.');
    process.exit(1);
  }
  mkdirSync(join(ROOT, 'public', 'screenshots'), { recursive: true });
  mkdirSync(join(ROOT, 'public', 'icons', 'shortcuts'), { recursive: true });
  const preview = await startServer({ port: await freePort() });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    for (const shot of SHOTS) {
      const context = await browser.newContext({
        viewport: { width: shot.width, height: shot.height },
        deviceScaleFactor: shot.scale,
        // No service worker: no "Ready to work offline" notice in the picture.
        serviceWorkers: 'block',
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      await page.goto(preview.origin + route, { waitUntil: 'networkidle' });
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(ROOT, shot.file) });
      console.log(
        `make-screenshots: ${shot.file} (${shot.width * shot.scale}x${shot.height * shot.scale})`,
      );
      await context.close();
    }
    const context = await browser.newContext({ viewport: { width: 96, height: 96 } });
    const page = await context.newPage();
    for (const [name, glyph] of Object.entries(GLYPHS)) {
      await page.setContent(shortcutIconHtml(glyph));
      const file = `public/icons/shortcuts/${name}-96.png`;
      await page.locator('svg').screenshot({ path: join(ROOT, file), omitBackground: true });
      console.log(`make-screenshots: ${file} (96x96)`);
    }
    await context.close();
  } finally {
    await browser.close();
    await preview.stop();
  }
  console.log('make-screenshots: done; run `npm run build` again to put them in dist/.');
}

main().catch((error) => {
  console.error(`make-screenshots: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
