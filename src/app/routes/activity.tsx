import { useLoaderData } from 'react-router-dom';
import { ActivityPage } from '@/features/activity/components/activity-page';
import { activityLoader } from '@/features/activity/loader';

export const loader = activityLoader;

export function Component() {
  const { entries, items } = useLoaderData<typeof loader>();
  return <ActivityPage entries={entries} items={items} />;
}
