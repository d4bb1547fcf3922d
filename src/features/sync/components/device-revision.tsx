import type { ReactNode } from 'react';
import { DeviceRevisionContext } from '@/components/cards/device-source';
import { useSyncVersion } from '../api';

/** Tells the cards below each time a sync changed the device store (DeviceRevisionContext). */
export function DeviceRevision({ children }: { children: ReactNode }) {
  return <DeviceRevisionContext value={useSyncVersion()}>{children}</DeviceRevisionContext>;
}
