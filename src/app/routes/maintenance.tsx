import { Maintenance } from '@/features/status/components/maintenance';

export function Component() {
  return <Maintenance />;
}
