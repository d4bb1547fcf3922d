import { useLoaderData } from 'react-router-dom';
import { loadLockIdentity } from '@/features/account/api';
import { LockScreen } from '@/features/account/components/lock-screen';

export const loader = () => loadLockIdentity();

export function Component() {
  return <LockScreen identity={useLoaderData<typeof loader>()} />;
}
