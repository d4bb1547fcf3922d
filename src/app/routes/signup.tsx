import { SignupForm } from '@/features/account/components/signup-form';

export function Component() {
  return <SignupForm />;
}
