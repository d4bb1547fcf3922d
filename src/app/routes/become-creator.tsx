// Become a creator (docs/product.md "Upload and become a creator": "Form to upload art and create
// an account"): the upload feature's form, given the account feature's signup for a visitor who is
// not signed in.
import { signUp } from '@/features/account/api';
import { PASSWORD_MIN } from '@shared/account-validation';
import { BecomeCreatorPage } from '@/features/upload/components/become-creator-page';

const ACCOUNT = { signUp, passwordHint: `At least ${PASSWORD_MIN} characters.` };

export function Component() {
  return <BecomeCreatorPage account={ACCOUNT} />;
}
