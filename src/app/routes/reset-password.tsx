import { ResetPasswordForm } from '@/features/account/components/reset-password-form';

export function Component() {
  return <ResetPasswordForm />;
}
