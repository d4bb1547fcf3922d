// /creator-profile and /creator-profile/:id (docs/product.md "Creators and profiles").
// `/creator-profile` (no id) is the local user's own profile (see loadCreatorProfile); an unknown
// id shows the not-found view inside the layout with a way back, as an unknown item does.
import { lazy, Suspense } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { paths } from '@/config/paths';
import { loadCreatorProfile } from '@/features/creators/api';
import { CreatorProfilePage } from '@/features/creators/components/creator-profile-page';

// Only an unknown id needs the not-found view: its code is not fetched for a known creator.
const NotFound = lazy(() =>
  import('@/features/status/components/not-found').then((m) => ({ default: m.NotFound })),
);

export const loader = ({ params }: LoaderFunctionArgs) => loadCreatorProfile(params.id);

export function Component() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === 'unknown') {
    return (
      <Suspense fallback={null}>
        <NotFound what="creator" backTo={{ label: 'Browse all creators', to: paths.creators }} />
      </Suspense>
    );
  }
  return <CreatorProfilePage profile={data} />;
}
