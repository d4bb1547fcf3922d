// /item-detail and /item-detail/:id (docs/product.md "Item detail"). Without an id the first
// item is shown; an unknown id shows the not-found view inside the layout with a way back.
import { lazy, Suspense } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { paths } from '@/config/paths';
import { loadItemDetail, parseItemId } from '@/features/items/api';
import { ItemDetail } from '@/features/items/components/item-detail';

// Only an unknown id needs the not-found view: its code is not fetched for a known item.
const NotFound = lazy(() =>
  import('@/features/status/components/not-found').then((m) => ({ default: m.NotFound })),
);

/** An item this device never opened, while offline (docs/product.md "Item detail"). */
const NOT_SAVED =
  'This item is not saved on this device yet. Connect to the internet to open it; once opened, it stays here for offline use.';

export async function loader({ params }: LoaderFunctionArgs) {
  if (params.id === undefined) return loadItemDetail(null);
  const id = parseItemId(params.id);
  return id === null ? null : loadItemDetail(id);
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  if (!data || data === 'not-saved') {
    return (
      <Suspense fallback={null}>
        <NotFound
          what="item"
          backTo={{ label: 'Explore items', to: paths.exploreOne }}
          {...(data === 'not-saved'
            ? { lead: NOT_SAVED, code: 'Offline', title: 'Not Saved on This Device' }
            : {})}
        />
      </Suspense>
    );
  }
  // A new key per item: local state (open dialog) does not carry over to another item.
  return <ItemDetail key={data.item.id} data={data} />;
}
