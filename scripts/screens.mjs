#!/usr/bin/env node
// Screenshots to look at before calling a screen done (developers' guide, "Look at what you
// build"): each route at 390 and 1280 px, dark and light, left-to-right and right-to-left,
// against the production build served by the Artmint server, in Debian's Chromium.
//   npm run build && node scripts/screens.mjs /creators /index-two [--wallet-chain 0x7a69]
// PNGs go to .tmp/screens/<route>-<width>-<theme>-<dir>.png. With --wallet-chain, a wallet on
// that chain (an EIP-6963 provider answering from fixed values, no node) is connected on /wallet
// first, so wallet screens show their connected state.
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from './start-server.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, '.tmp', 'screens');
const args = process.argv.slice(2);
const chainIndex = args.indexOf('--wallet-chain');
const walletChain = chainIndex >= 0 ? args[chainIndex + 1] : null;
const routes = args.filter(
  (arg, i) => arg.startsWith('/') && (chainIndex < 0 || i !== chainIndex + 1),
);

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

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

/** Runs in the page before the app: the appearance, and perhaps a wallet on `chain`. */
function prepare({ theme, dir, chain }) {
  const saved = (state) => JSON.stringify({ state, version: 1 });
  localStorage.setItem('artmint:theme', saved({ choice: theme }));
  localStorage.setItem('artmint:direction', saved({ dir }));
  if (!chain) return;
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

async function main() {
  if (routes.length === 0) {
    console.error('screens: name at least one route, e.g. node scripts/screens.mjs /creators');
    process.exit(1);
  }
  mkdirSync(OUT, { recursive: true });
  const server = await startServer({ port: await freePort() });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    for (const viewport of VIEWPORTS) {
      for (const theme of ['dark', 'light']) {
        for (const dir of ['ltr', 'rtl']) {
          const context = await browser.newContext({
            viewport,
            serviceWorkers: 'block',
            reducedMotion: 'reduce',
            colorScheme: theme,
          });
          await context.addInitScript(prepare, { theme, dir, chain: walletChain });
          const page = await context.newPage();
          if (walletChain) {
            await page.goto(`${server.origin}/wallet`, { waitUntil: 'networkidle' });
            await page.getByRole('button', { name: /^MetaMask/ }).click();
            await page.getByRole('heading', { name: 'Connected with MetaMask' }).waitFor();
          }
          for (const route of routes) {
            await page.goto(server.origin + route, { waitUntil: 'networkidle' });
            await page.evaluate(() => document.fonts.ready);
            await page.waitForTimeout(300);
            const name = route.replace(/^\//, '').replace(/\W+/g, '_') || 'home';
            const file = join(OUT, `${name}-${viewport.width}-${theme}-${dir}.png`);
            await page.screenshot({ path: file, fullPage: true });
            console.log(`screens: ${file}`);
          }
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(`screens: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
