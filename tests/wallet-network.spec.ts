import type { Page } from '@playwright/test';
import { signUpAndIn } from './support/accounts';
import { test, expect } from './support/fixtures';
import { startDevNode, type DevNode } from './support/wallet-node';
import {
  installTestWallet,
  walletControls,
  type TestWalletOptions,
} from './support/wallet-provider';

// The wallet's network (docs/product.md "Wallet": errors shown for "wrong network"): the build trades on
// Ethereum mainnet (chain 1, the default of src/config/chain.ts), as does the real local node the
// wallet tests start (tests/support/wallet-hardhat.config.cjs). The test wallet starts on a second
// chain (Hardhat's own 31337) and answers from the node again once the app has it switch.

const SECOND_CHAIN = '0x7a69';
let node: DevNode;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  node = await startDevNode();
  expect(await node.call('eth_chainId')).toBe('0x1');
});

test.afterAll(async () => {
  await node?.stop();
});

async function connectOnSecondChain(page: Page, extra: Partial<TestWalletOptions> = {}) {
  await installTestWallet(page, node, { mode: 'eip6963', startChain: SECOND_CHAIN, ...extra });
  await page.goto('/wallet');
  await page.getByRole('button', { name: /^MetaMask/ }).click();
  await expect(page.getByRole('heading', { name: 'Connected with MetaMask' })).toBeVisible();
}

const notice = (page: Page) =>
  page.getByRole('main').getByRole('region', { name: 'Wrong network' });
const switchButton = (page: Page) =>
  notice(page).getByRole('button', { name: 'Switch to Ethereum Mainnet' });

test.describe('wallet on the wrong network', () => {
  test('the wallet page, the summary and checkout say so, and Switch moves the wallet', async ({
    page,
    axe,
  }) => {
    // Checkout is made under an account (docs/product.md "Online"): signed in first, while online.
    await signUpAndIn(page);
    await connectOnSecondChain(page);
    await expect(notice(page)).toContainText(
      'MetaMask is on Hardhat local network. Artmint trades on Ethereum Mainnet',
    );
    const findings = await axe(page);
    expect(findings.filter((f) => f.targets.some((t) => /wrong|notice/i.test(t)))).toEqual([]);

    await page
      .getByRole('banner')
      .getByRole('button', { name: /Profile menu/ })
      .click();
    const summary = page.getByRole('region', { name: 'Connected wallet' });
    await expect(summary.getByRole('region', { name: 'Wrong network' })).toContainText(
      'Hardhat local network',
    );
    await page.keyboard.press('Escape');

    await page.goto('/item-detail/4');
    await page.getByRole('main').getByRole('button', { name: 'Buy Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Checkout' });
    const inDialog = dialog.getByRole('region', { name: 'Wrong network' });
    await expect(inDialog).toContainText('MetaMask is on Hardhat local network');
    await inDialog.getByRole('button', { name: 'Switch to Ethereum Mainnet' }).click();
    await expect(inDialog).toHaveCount(0);
    const calls = await walletControls(page).calls();
    expect(calls).toContain('wallet_switchEthereumChain');
    expect(calls).not.toContain('wallet_addEthereumChain');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page
      .getByRole('banner')
      .getByRole('button', { name: /Profile menu/ })
      .click();
    await expect(summary).toContainText('Ethereum Mainnet');
    await expect(summary).toContainText('10,000 ETH');
    await expect(summary.getByRole('region', { name: 'Wrong network' })).toHaveCount(0);
  });

  test('a wallet that does not know the chain is asked to add it (4902), then to switch', async ({
    page,
  }) => {
    await connectOnSecondChain(page, { unknownChains: ['0x1'] });
    await switchButton(page).click();
    await expect(notice(page)).toHaveCount(0);
    await expect(page.getByRole('main')).toContainText('Ethereum Mainnet');
    const calls = (await walletControls(page).calls()).filter((m) => m.startsWith('wallet_'));
    expect(calls).toEqual([
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ]);
    expect(await walletControls(page).added()).toEqual([
      {
        chainId: '0x1',
        chainName: 'Ethereum Mainnet',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: ['https://ethereum-rpc.publicnode.com'],
        blockExplorerUrls: ['https://etherscan.io'],
      },
    ]);
  });

  test('a refused switch is shown, and the wallet stays on its chain until it agrees', async ({
    page,
  }) => {
    await connectOnSecondChain(page);
    await walletControls(page).failNextSwitch(4001, 'User rejected the request.');
    await switchButton(page).click();
    const alert = notice(page).getByRole('alert');
    await expect(alert).toContainText('Network switch refused');
    await expect(alert).toContainText('MetaMask stayed on its network');
    await expect(notice(page)).toContainText('MetaMask is on Hardhat local network');

    await switchButton(page).click();
    await expect(notice(page)).toHaveCount(0);
  });
});
