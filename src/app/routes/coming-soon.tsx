import { ComingSoon } from '@/features/status/components/coming-soon';

export function Component() {
  return <ComingSoon />;
}
