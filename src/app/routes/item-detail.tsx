// /item-detail and /item-detail/:id (docs/product.md "Item detail"). Without an id the first
// item is shown; an unknown id shows the not-found view inside the layout with a way back. An
// item the device holds renders with the route, as its prerendered copy shows it; one it does
// not hold renders the layout and a loading state at once, then the server's answer.
import { lazy, Suspense, use } from 'react';
import { useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { PageLoading } from '@/components/ui/page-loading';
import { paths } from '@/config/paths';
import {
  itemDetailFor,
  loadItemDetail,
  parseItemId,
  type OpenedItemDetail,
} from '@/features/items/api';
import { ItemDetail } from '@/features/items/components/item-detail';

// Only an unknown id needs the not-found view: its code is not fetched for a known item.
const NotFound = lazy(() =>
  import('@/features/status/components/not-found').then((m) => ({ default: m.NotFound })),
);

/** An item this device never opened, while offline (docs/product.md "Item detail"). */
const NOT_SAVED =
  'This item is not saved on this device yet. Connect to the internet to open it; once opened, it stays here for offline use.';

export async function loader({ params }: LoaderFunctionArgs) {
  if (params.id === undefined) return { detail: await loadItemDetail(null) };
  const id = parseItemId(params.id);
  return id === null ? { detail: null } : itemDetailFor(id);
}

/** The item's page: at once when the loader had its detail (the device holds the item); else
 * once the server's answer came, the loading state of Component meanwhile. */
function Opened({ detail }: { detail: OpenedItemDetail | Promise<OpenedItemDetail> }) {
  const data = detail instanceof Promise ? use(detail) : detail;
  if (!data || data === 'not-saved') {
    // While its code comes, the page's loading state stays (the Suspense of Component).
    return (
      <NotFound
        what="item"
        backTo={{ label: 'Explore items', to: paths.exploreOne }}
        {...(data === 'not-saved'
          ? { lead: NOT_SAVED, code: 'Offline', title: 'Not Saved on This Device' }
          : {})}
      />
    );
  }
  // A new key per item: local state (open dialog) does not carry over to another item.
  return <ItemDetail key={data.item.id} data={data} />;
}

export function Component() {
  const { detail } = useLoaderData<typeof loader>();
  // One boundary per id: going to an item not held shows its loading state, not the item before
  // (a boundary on show would keep it through the navigation's transition). The same item's page
  // stays mounted when the loader runs again and finds it held.
  return (
    <Suspense key={useParams().id} fallback={<PageLoading label="Loading the item…" />}>
      <Opened detail={detail} />
    </Suspense>
  );
}
