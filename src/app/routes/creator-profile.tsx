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

/** A creator this device never opened, while offline (docs/database.md "Lists and search"). */
const NOT_SAVED =
  'This creator is not saved on this device yet. Connect to the internet to open their profile; once opened, it stays here for offline use.';

export const loader = ({ params }: LoaderFunctionArgs) => loadCreatorProfile(params.id);

export function Component() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === 'unknown' || data.kind === 'not-saved') {
    return (
      <Suspense fallback={null}>
        <NotFound
          what="creator"
          backTo={{ label: 'Browse all creators', to: paths.creators }}
          {...(data.kind === 'not-saved'
            ? { lead: NOT_SAVED, code: 'Offline', title: 'Not Saved on This Device' }
            : {})}
        />
      </Suspense>
    );
  }
  return <CreatorProfilePage profile={data} />;
}
