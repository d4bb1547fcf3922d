// The shell's data: the signed-in (else the sample) user shown in the header.
import { sampleUser } from '@shared/sample/user';

export interface ProfileSummary {
  name: string;
  walletString: string;
  balanceEth: string;
  avatar: string;
}

/** The sample user, or the signed-in user's name and avatar (account session) over it. */
export function getProfileSummary(
  signedIn?: { name: string; avatar: string | null } | null,
): ProfileSummary {
  return {
    name: signedIn?.name ?? sampleUser.name,
    walletString: sampleUser.walletString,
    balanceEth: sampleUser.balanceEth,
    avatar: signedIn?.avatar ?? sampleUser.avatar,
  };
}
