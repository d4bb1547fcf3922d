import { ThankYou } from '@/features/status/components/thank-you';

export function Component() {
  return <ThankYou />;
}
