// The shell's data: the signed-in (sample) user shown in the header.
import { sampleUser } from '@/data/sample/user';

export interface ProfileSummary {
  name: string;
  walletString: string;
  balanceEth: string;
  avatar: string;
}

export function getProfileSummary(): ProfileSummary {
  return {
    name: sampleUser.name,
    walletString: sampleUser.walletString,
    balanceEth: sampleUser.balanceEth,
    avatar: sampleUser.avatar,
  };
}
