import type { Page } from '@playwright/test';
import { test, expect, type AxeFinding } from './support/fixtures';
import { waitForServiceWorker } from './support/service-worker';
import { startDevNode, type DevNode } from './support/wallet-node';
import {
  installTestWallet,
  walletControls,
  type TestWalletOptions,
} from './support/wallet-provider';

// The wallet (docs/product.md "States", "Calls outside the app", "Error messages", "Fixed values",
// "Wallet"): wallet connect against a real Ethereum development node (Hardhat Network) on
// 127.0.0.1, through an injected EIP-1193 test wallet announced by EIP-6963 (or set only as
// window.ethereum).

/** 1234.567891234567891234 ETH: shown as "1,234.5678 ETH", exact in the title. */
const FIRST_BALANCE_WEI = 1_234_567_891_234_567_891_234n;

let node: DevNode;
let accounts: string[];

const short = (address: string) => `${address.slice(0, 6)}...${address.slice(-7)}`;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  node = await startDevNode();
  accounts = await node.call<string[]>('eth_accounts');
  await node.call('hardhat_setBalance', [accounts[0], `0x${FIRST_BALANCE_WEI.toString(16)}`]);
});

test.afterAll(async () => {
  await node?.stop();
});

async function openWalletPage(page: Page, wallet: TestWalletOptions | null) {
  if (wallet) await installTestWallet(page, node, wallet);
  await page.goto('/wallet');
  await expect(page.getByRole('heading', { level: 1, name: 'Connect your wallet' })).toBeVisible();
}

/**
 * The axe findings in what this feature renders (the page, its dialog, the header's wallet
 * button and the profile menu); the rest of the shell is checked by its own specs.
 */
async function walletFindings(page: Page, findings: AxeFinding[]): Promise<AxeFinding[]> {
  const inWallet = await page.evaluate(
    (all) =>
      all.map((targets) =>
        targets.some((target) =>
          document
            .querySelector(target)
            ?.closest('main, [role="dialog"], #profile-menu, header a[href="/wallet"]'),
        ),
      ),
    findings.map((finding) => finding.targets),
  );
  return findings.filter((_, index) => inWallet[index]);
}

function headerWallet(page: Page) {
  return page.getByRole('banner').getByRole('link', { name: /Connect Wallet|Wallet connected/ });
}

async function openProfileMenu(page: Page) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Profile menu/ })
    .click();
  return page.getByRole('region', { name: 'Connected wallet' });
}

async function connectMetaMask(page: Page) {
  await page.getByRole('button', { name: /^MetaMask/ }).click();
  await expect(headerWallet(page)).toHaveAccessibleName(
    `Wallet connected: ${short(accounts[0] ?? '')}`,
  );
}

test.describe('wallet connect', () => {
  test('connects through an EIP-6963 wallet: short account in the header, real balance in the menu', async ({
    page,
    baseURL,
    axe,
  }) => {
    const offOrigin: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol !== 'data:' && url.origin !== new URL(baseURL ?? '').origin) {
        offOrigin.push(request.url());
      }
    });
    await openWalletPage(page, { mode: 'eip6963' });
    const first = accounts[0] ?? '';
    const tile = page.getByRole('button', { name: /^MetaMask/ });
    await expect(tile).toHaveAccessibleDescription('Installed');
    await expect(page.getByRole('button', { name: /^Coinbase/ })).toHaveAccessibleDescription(
      'Not installed',
    );
    await expect(headerWallet(page)).toHaveText('Connect Wallet');

    await connectMetaMask(page);
    await expect(headerWallet(page)).toHaveText(short(first));
    await expect(headerWallet(page)).toHaveText(/^0x[0-9a-f]{4}\.\.\.[0-9a-f]{7}$/);
    await expect(tile).toHaveAccessibleDescription('Connected');
    await expect(page.getByRole('heading', { name: 'Connected with MetaMask' })).toBeVisible();

    const summary = await openProfileMenu(page);
    await expect(summary).toContainText(short(first));
    await expect(summary).toContainText('Ethereum Mainnet');
    await expect(summary.getByRole('region', { name: 'Wrong network' })).toHaveCount(0);
    const balance = summary.getByText('1,234.5678 ETH');
    await expect(balance).toBeVisible();
    await expect(balance).toHaveAttribute('title', '1234.567891234567891234 ETH');
    expect(await walletFindings(page, await axe(page))).toEqual([]);
    expect(await walletControls(page).calls()).toContain('eth_getBalance');
    expect(offOrigin).toEqual([]);
  });

  test('follows account and chain changes made in the wallet', async ({ page }) => {
    await openWalletPage(page, { mode: 'eip6963' });
    await connectMetaMask(page);
    const wallet = walletControls(page);

    await wallet.setAccount(1);
    await expect(headerWallet(page)).toHaveText(short(accounts[1] ?? ''));
    const summary = await openProfileMenu(page);
    await expect(summary).toContainText('10,000 ETH');

    await wallet.setChain('0xaa36a7');
    await expect(summary).toContainText('Sepolia testnet');
    await expect(page.getByRole('main')).toContainText('Sepolia testnet');
    await wallet.setChain('0x1');
    await expect(summary).toContainText('Ethereum Mainnet');
  });

  test('shows a rejected request (4001) and a pending one (-32002), then still connects', async ({
    page,
  }) => {
    await openWalletPage(page, { mode: 'eip6963' });
    const wallet = walletControls(page);
    const tile = page.getByRole('button', { name: /^MetaMask/ });
    const alert = page.getByRole('main').getByRole('alert');

    await wallet.failNext(4001, 'User rejected the request.');
    await tile.click();
    await expect(alert).toContainText('Request rejected');
    await expect(alert).toContainText('You rejected the request in MetaMask.');
    await expect(headerWallet(page)).toHaveText('Connect Wallet');

    await wallet.failNext(-32002, "Request of type 'wallet_requestPermissions' already pending");
    await tile.click();
    await expect(alert).toContainText('Request already pending');
    await expect(alert).toContainText('Open MetaMask to approve or reject it');

    await connectMetaMask(page);
    await expect(alert).toBeHidden();
  });

  test('is busy while the wallet asks the user, and a second click sends no request', async ({
    page,
  }) => {
    await openWalletPage(page, { mode: 'eip6963' });
    const wallet = walletControls(page);
    const tile = page.getByRole('button', { name: /^MetaMask/ });
    await wallet.holdNext();
    await tile.click();
    await expect(tile).toHaveAttribute('aria-busy', 'true');
    await expect(tile).toHaveAccessibleDescription('Check your wallet');
    await expect(page.getByRole('button', { name: /^Coinbase/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await tile.click();
    await wallet.release();
    await expect(headerWallet(page)).toHaveText(short(accounts[0] ?? ''));
    const calls = await wallet.calls();
    expect(calls.filter((method) => method === 'eth_requestAccounts')).toHaveLength(1);
  });

  test('shows a disconnect event from the wallet', async ({ page }) => {
    await openWalletPage(page, { mode: 'eip6963' });
    await connectMetaMask(page);
    await walletControls(page).disconnect();
    await expect(page.getByRole('alert', { name: 'Errors' })).toContainText('Wallet disconnected');
    await expect(headerWallet(page)).toHaveText('Connect Wallet');
  });

  test('uses window.ethereum when no wallet announces itself', async ({ page }) => {
    await openWalletPage(page, { mode: 'injected' });
    await expect(page.getByRole('button', { name: /^MetaMask/ })).toHaveAccessibleDescription(
      'Installed',
    );
    await connectMetaMask(page);
    const summary = await openProfileMenu(page);
    await expect(summary).toContainText('1,234.5678 ETH');

    await page.reload();
    await expect(headerWallet(page)).toHaveText(short(accounts[0] ?? ''));
    expect(await walletControls(page).calls()).not.toContain('eth_requestAccounts');
  });

  test('other routes do not download the connect code while no wallet is remembered', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/terms');
    await expect(headerWallet(page)).toHaveText('Connect Wallet');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(scripts.filter((path) => /\/(session|wallet)-[\w-]+\.js$/.test(path))).toEqual([]);
  });

  test('without any wallet, choosing one shows its install modal', async ({ page, axe }) => {
    await openWalletPage(page, null);
    expect(await walletFindings(page, await axe(page))).toEqual([]);
    await expect(page.getByText('No wallet found in this browser.')).toBeVisible();
    const tiles = page.getByRole('main').getByRole('list').first().getByRole('button');
    await expect(tiles).toHaveCount(11);

    const metamask = page.getByRole('button', { name: /^MetaMask/ });
    await metamask.click();
    const dialog = page.getByRole('dialog', { name: 'Install MetaMask' });
    await expect(dialog).toContainText('MetaMask was not found in this browser.');
    await expect(dialog.getByRole('link', { name: /Get MetaMask/ })).toHaveAttribute(
      'href',
      'https://metamask.io/download/',
    );
    expect(await walletFindings(page, await axe(page))).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(metamask).toBeFocused();
  });

  test('a reload restores the wallet without a prompt, and Disconnect forgets it', async ({
    page,
  }) => {
    await openWalletPage(page, { mode: 'eip6963' });
    await connectMetaMask(page);

    await page.goto('/terms');
    await expect(headerWallet(page)).toHaveText(short(accounts[0] ?? ''));
    const calls = await walletControls(page).calls();
    expect(calls).toContain('eth_accounts');
    expect(calls).not.toContain('eth_requestAccounts');

    const summary = await openProfileMenu(page);
    await summary.getByRole('button', { name: 'Disconnect' }).click();
    await expect(headerWallet(page)).toHaveText('Connect Wallet');
    const stored = await page.evaluate(() => localStorage.getItem('artmint:wallet'));
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ state: { remembered: null } });

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(headerWallet(page)).toHaveText('Connect Wallet');
    expect(await walletControls(page).calls()).toEqual([]);
  });
});

test.describe('wallet connect offline', () => {
  test.use({ serviceWorkers: 'allow' });
  test('the page and grid load offline, and a wallet that needs the network says so', async ({
    page,
    context,
    consoleErrors,
  }) => {
    consoleErrors.ignore(/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/);
    await openWalletPage(page, { mode: 'eip6963', needsNetwork: true });
    // The service worker is installed (its precache filled) and controls the page.
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await page.goto('/wallet');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Connect your wallet' }),
    ).toBeVisible();
    await expect(page.getByRole('main').getByRole('list').first().getByRole('button')).toHaveCount(
      11,
    );
    await expect(page.getByRole('img').first()).toBeVisible();

    await page.getByRole('button', { name: /^MetaMask/ }).click();
    const alert = page.getByRole('main').getByRole('alert');
    await expect(alert).toContainText('You are offline');
    await expect(alert).toContainText('MetaMask needs the network for this request');

    await page.getByRole('button', { name: /^Wallet Connect/ }).click();
    await expect(page.getByRole('dialog', { name: 'Install Wallet Connect' })).toContainText(
      'You are offline, and Wallet Connect needs the network to connect.',
    );
    await page.keyboard.press('Escape');

    await context.setOffline(false);
    await connectMetaMask(page);
  });
});
