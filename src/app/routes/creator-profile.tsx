import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { loadCreatorProfile } from '@/features/creators/api';
import { CreatorProfilePage } from '@/features/creators/components/creator-profile-page';

// `/creator-profile` (no id) is the local user's own profile; see loadCreatorProfile.
export const loader = ({ params }: LoaderFunctionArgs) => loadCreatorProfile(params.id);

export function Component() {
  return <CreatorProfilePage data={useLoaderData<typeof loader>()} />;
}
