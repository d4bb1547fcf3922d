// The eleven wallet providers of the Wallet Connect page, in the template's order. `rdns` is the
// EIP-6963 id for the wallets whose id is well established; installUrl is only ever linked to.
import type { WalletProvider } from '@/data/types';
import { walletImage } from '@shared/sample/image-paths';

type WalletSeed = Omit<WalletProvider, 'image'>;

const SEEDS: WalletSeed[] = [
  {
    id: 'metamask',
    title: 'MetaMask',
    rdns: 'io.metamask',
    installUrl: 'https://metamask.io/download/',
  },
  { id: 'alpha', title: 'Alpha', installUrl: 'https://alphawallet.com/' },
  { id: 'binance', title: 'Binance', installUrl: 'https://www.binance.com/en/web3wallet' },
  { id: 'bitski', title: 'Bitski', installUrl: 'https://www.bitski.com/' },
  {
    id: 'coinbase',
    title: 'Coinbase',
    rdns: 'com.coinbase.wallet',
    installUrl: 'https://www.coinbase.com/wallet/downloads',
  },
  { id: 'enjin', title: 'Enjin', installUrl: 'https://enjin.io/' },
  { id: 'formatic', title: 'Formatic', installUrl: 'https://fortmatic.com/' },
  { id: 'pionex', title: 'Pionex', installUrl: 'https://www.pionex.com/' },
  { id: 'torus', title: 'Torus', installUrl: 'https://tor.us/' },
  {
    id: 'trustwallet',
    title: 'Trustwallet',
    rdns: 'com.trustwallet.app',
    installUrl: 'https://trustwallet.com/download',
  },
  { id: 'walletconnect', title: 'Wallet Connect', installUrl: 'https://walletconnect.com/' },
];

export const walletProviders: WalletProvider[] = SEEDS.map((seed) => ({
  ...seed,
  image: walletImage(seed.id),
}));
