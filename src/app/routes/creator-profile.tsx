// /creator-profile and /creator-profile/:id (docs/product.md "Creators and profiles").
// `/creator-profile` (no id) is the local user's own profile (see loadCreatorProfile); an unknown
// id shows the not-found view inside the layout with a way back, as an unknown item does. A
// creator the device does not hold renders the layout and a loading state at once, then the
// server's answer, as an item does (item-detail.tsx).
import { lazy, Suspense, use } from 'react';
import { useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { PageLoading } from '@/components/ui/page-loading';
import { paths } from '@/config/paths';
import { creatorProfileFor, type CreatorProfileData } from '@/features/creators/api';
import { CreatorProfilePage } from '@/features/creators/components/creator-profile-page';

// Only an unknown id needs the not-found view: its code is not fetched for a known creator.
const NotFound = lazy(() =>
  import('@/features/status/components/not-found').then((m) => ({ default: m.NotFound })),
);

/** A creator this device never opened, while offline (docs/database.md "Lists and search"). */
const NOT_SAVED =
  'This creator is not saved on this device yet. Connect to the internet to open their profile; once opened, it stays here for offline use.';

export const loader = ({ params }: LoaderFunctionArgs) => creatorProfileFor(params.id);

/** The profile: at once when the loader had it; else once the server's answer came. */
function Opened({ profile }: { profile: CreatorProfileData | Promise<CreatorProfileData> }) {
  const data = profile instanceof Promise ? use(profile) : profile;
  if (data.kind === 'unknown' || data.kind === 'not-saved') {
    // While its code comes, the page's loading state stays (the Suspense of Component).
    return (
      <NotFound
        what="creator"
        backTo={{ label: 'Browse all creators', to: paths.creators }}
        {...(data.kind === 'not-saved'
          ? { lead: NOT_SAVED, code: 'Offline', title: 'Not Saved on This Device' }
          : {})}
      />
    );
  }
  return <CreatorProfilePage profile={data} />;
}

export function Component() {
  const { profile } = useLoaderData<typeof loader>();
  // One boundary per id, as on the item's page (item-detail.tsx).
  return (
    <Suspense key={useParams().id} fallback={<PageLoading label="Loading the creator…" />}>
      <Opened profile={profile} />
    </Suspense>
  );
}
