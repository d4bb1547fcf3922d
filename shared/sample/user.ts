// The placeholder signed-in user of the header profile menu (spec: display name, wallet string
// and ETH balance as sample text).
import { miscImage } from './image-paths';

export interface SampleUser {
  name: string;
  handle: string;
  /** A sample wallet address (0x + 40 hex). */
  walletString: string;
  /** ETH balance as a decimal string. */
  balanceEth: string;
  avatar: string;
}

export const sampleUser: SampleUser = {
  name: 'Alex Morgan',
  handle: '@alexmorgan',
  walletString: '0x7a3f9c21b84e05d6a1c3e9f2b7d40e8c56a91f3d',
  balanceEth: '2.45',
  avatar: miscImage('user-avatar'),
};
