// Takes Chromium screenshots of routes at 390 px and 1280 px, dark and light, LTR and RTL,
// for looking at what we build. Needs a running server (default: npm run serve on 4173).
// Usage: node scripts/screenshots.mjs [--base http://127.0.0.1:4173] [--out .tmp/shots]
//        [--routes /a,/b] [--widths 390,1280] [--themes dark,light] [--dirs ltr,rtl] [--full]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const base = opt('base', 'http://127.0.0.1:4173');
const out = opt('out', '.tmp/shots');
const routes = opt('routes', '/terms,/comingsoon,/maintenance,/error').split(',');
const widths = opt('widths', '390,1280').split(',').map(Number);
const themes = opt('themes', 'dark,light').split(',');
const dirs = opt('dirs', 'ltr,rtl').split(',');
const fullPage = args.includes('--full');

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  for (const width of widths) {
    for (const theme of themes) {
      for (const dir of dirs) {
        const context = await browser.newContext({
          viewport: { width, height: width < 600 ? 844 : 800 },
          deviceScaleFactor: 1,
          serviceWorkers: 'block',
        });
        await context.addInitScript(
          ([t, d]) => {
            localStorage.setItem(
              'artmint:theme',
              JSON.stringify({ state: { choice: t }, version: 1 }),
            );
            localStorage.setItem(
              'artmint:direction',
              JSON.stringify({ state: { dir: d }, version: 1 }),
            );
          },
          [theme, dir],
        );
        const page = await context.newPage();
        for (const route of routes) {
          await page.goto(base + route, { waitUntil: 'networkidle' });
          await page.waitForTimeout(300);
          const name = `${route.replace(/\W+/g, '_') || 'home'}-${width}-${theme}-${dir}.png`;
          await page.screenshot({ path: join(out, name), fullPage });
          console.log(join(out, name));
        }
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
}
