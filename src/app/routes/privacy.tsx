import { Privacy } from '@/features/legal/components/privacy';

export function Component() {
  return <Privacy />;
}
