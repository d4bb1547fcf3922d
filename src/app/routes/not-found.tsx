import { NotFound } from '@/features/status/components/not-found';

export function Component() {
  return <NotFound />;
}
