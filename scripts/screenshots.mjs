// Takes Chromium screenshots of routes at 390 px and 1280 px, dark and light, LTR and RTL,
// for looking at what we build. Needs a running server (default: npm run serve on 4173).
// Usage: node scripts/screenshots.mjs [--base http://127.0.0.1:4173] [--out .tmp/shots]
//        [--routes /a,/b] [--widths 390,1280] [--themes dark,light] [--dirs ltr,rtl] [--full]
//        [--click 'Place a Bid']  (presses that button on each route first: a dialog, a menu)
//        [--warm /creators --block /api/]  (visits --warm first, then makes every request whose
//        URL has --block fail as a network loss does: the screens' offline answers)
//        [--wallet-chain 0x7a69]  (a wallet on that chain, an EIP-6963 provider answering from
//        fixed values, is connected on /wallet first: wallet screens in their connected state)
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
import { commandLine } from './cli.mjs';

const TEXT_FLAGS = ['base', 'out', 'routes', 'widths', 'themes', 'dirs', 'wallet-chain'];
const { values } = commandLine({
  name: 'screenshots',
  usage: `usage: node scripts/screenshots.mjs [--base http://127.0.0.1:4173] [--out .tmp/shots]
       [--routes /a,/b] [--widths 390,1280] [--themes dark,light] [--dirs ltr,rtl] [--full]
       [--click 'Place a Bid'] [--warm /creators --block /api/] [--wallet-chain 0x7a69]`,
  options: {
    ...Object.fromEntries(
      [...TEXT_FLAGS, 'click', 'warm', 'block'].map((name) => [name, { type: 'string' }]),
    ),
    full: { type: 'boolean' },
  },
});
const opt = (name, fallback) => values[name] ?? fallback;
const base = opt('base', 'http://127.0.0.1:4173');
const out = opt('out', '.tmp/shots');
const routes = opt('routes', '/terms,/comingsoon,/maintenance,/error').split(',');
const widths = opt('widths', '390,1280').split(',').map(Number);
const themes = opt('themes', 'dark,light').split(',');
const dirs = opt('dirs', 'ltr,rtl').split(',');
const walletChain = opt('wallet-chain', null);
const click = opt('click', null);
const warm = opt('warm', null);
const block = opt('block', null);

/** Runs in the page before the app: a connected-looking wallet on `chain`. */
function installWallet(chain) {
  const account = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
  const answers = {
    eth_requestAccounts: [account],
    eth_accounts: [account],
    eth_chainId: chain,
    net_version: String(Number(chain)),
    eth_getBalance: '0x1bc16d674ec80000',
    eth_blockNumber: '0x1',
  };
  const provider = {
    isMetaMask: true,
    request: async ({ method }) => {
      if (method in answers) return answers[method];
      throw Object.assign(new Error('The user rejected the request.'), { code: 4001 });
    },
    on() {},
    removeListener() {},
  };
  const icon =
    'data:image/svg+xml,' +
    encodeURIComponent(
      '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" rx="8" fill="#f6851b"/></svg>',
    );
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: Object.freeze({
          info: {
            uuid: '6f1b2f0e-0000-4000-8000-000000000001',
            name: 'MetaMask',
            icon,
            rdns: 'io.metamask',
          },
          provider,
        }),
      }),
    );
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
}

const fullPage = values.full === true;

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
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
        if (walletChain) await context.addInitScript(installWallet, walletChain);
        const page = await context.newPage();
        if (walletChain) {
          await page.goto(`${base}/wallet`, { waitUntil: 'networkidle' });
          await page.getByRole('button', { name: /^MetaMask/ }).click();
          await page.getByRole('heading', { name: 'Connected with MetaMask' }).waitFor();
        }
        if (warm) await page.goto(base + warm, { waitUntil: 'networkidle' });
        if (block) {
          await context.route(
            (url) => url.href.includes(block),
            (request) => request.abort('internetdisconnected'),
          );
        }
        for (const route of routes) {
          await page.goto(base + route, { waitUntil: 'networkidle' });
          if (click) await page.getByRole('button', { name: click, exact: true }).first().click();
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
